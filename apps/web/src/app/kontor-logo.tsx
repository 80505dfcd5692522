/** Kontor's mark; beside the name in the bars and on the boot screens. */
export function KontorLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--color-primary)" />
      <path d="M10 7h4v7.5L20.5 7H25l-7.2 8.3L25.5 25H20.8l-5.6-7.2L14 19v6h-4z" fill="var(--color-primary-contrast)" />
    </svg>
  );
}
