/** A new user's username comes from their email's local part, made unique with a numeric suffix (ana, ana2, ...). */

/** The email's local part, lowercased; accents are dropped and other odd characters removed. */
export function usernameBase(email: string): string {
  const local = (email.split('@')[0] ?? '')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');
  const cleaned = local.replace(/[^a-z0-9._-]/g, '');
  return cleaned || 'usuario';
}

/**
 * The base itself when free, otherwise base2, base3, ... — the first numeric suffix not
 * among `taken` (usernames already starting with the base, compared lowercased).
 */
export function nextFreeUsername(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((name) => name.toLowerCase()));
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
