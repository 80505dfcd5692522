/**
 * Whether a path id can name a stored object: PostgreSQL refuses anything else as a uuid with an
 * error, so a malformed id must be answered as "not found" before it reaches a query.
 */
export const isUuid = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The order an execution belongs to: execution ids are `<order id>-<n>`. */
export const orderIdOfExecution = (executionId: string) => executionId.replace(/-\d+$/, '');
