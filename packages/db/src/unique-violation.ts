/** Recognises PostgreSQL's unique_violation (23505) the same way on pg and PGlite. */

/** The name of the unique constraint or index a write broke, or undefined for any other error. */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return undefined;
  return typeof constraint === 'string' ? constraint : '';
}
