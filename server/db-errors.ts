/**
 * True when `error` (or the driver error drizzle wrapped in it) is a PostgreSQL unique
 * violation (SQLSTATE 23505), optionally on the named constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const {
      code,
      constraint: name,
      message,
    } = current as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
    };
    if (code === '23505') {
      if (constraint === undefined || name === constraint) return true;
      return typeof message === 'string' && message.includes(constraint);
    }
  }
  return false;
}
