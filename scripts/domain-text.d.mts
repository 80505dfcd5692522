/** Every German sentence the domain and the server's errors put before a customer ({0}, {1} for values). */
export function domainTexts(): string[];
/** Those en.json's `domainText` lacks. */
export function missingDomainTexts(): string[];
