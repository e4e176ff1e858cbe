/** What the audit log keeps of a call's input: secrets replaced, nesting and length bounded (docs/audit.md). */

/** Input fields whose values never reach the log. */
const SECRET_FIELD = /password|secret|token|code|altcha|challenge/i;
/** The input kept with an entry, at most this many characters of JSON. */
const MAX_DETAILS_CHARS = 4_000;

export function auditDetailsOf(input: unknown): Record<string, unknown> {
  const scrub = (value: unknown, depth: number): unknown => {
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return depth > 3 ? '…' : value.slice(0, 50).map((item) => scrub(item, depth + 1));
    if (value && typeof value === 'object') {
      if (depth > 3) return '…';
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, SECRET_FIELD.test(key) ? '[oculto]' : scrub(item, depth + 1)]),
      );
    }
    return typeof value === 'string' && value.length > 500 ? `${value.slice(0, 500)}…` : value;
  };
  const scrubbed = scrub(input, 0);
  const details = scrubbed && typeof scrubbed === 'object' && !Array.isArray(scrubbed) ? scrubbed : { input: scrubbed ?? null };
  const json = JSON.stringify(details);
  return json.length <= MAX_DETAILS_CHARS ? (details as Record<string, unknown>) : { truncated: json.slice(0, MAX_DETAILS_CHARS) };
}
