/** Loose on purpose: the pool decides; this only catches typos like a missing "@". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
