/** Case- and accent-insensitive text search, so 'jose' finds 'José' and 'CLINICA' finds 'Clínica'. */

/** Lowercased, trimmed, with combining accents stripped (NFD); ñ becomes n as well. */
export function normalizeSearchText(value: string | null | undefined): string {
  return (value ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
