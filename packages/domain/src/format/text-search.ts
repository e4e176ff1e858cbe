/** Case- and accent-insensitive text search, so 'jose' finds 'José' and 'CLINICA' finds 'Clínica'. */

/** Lowercased, trimmed, with combining accents stripped (NFD); ñ becomes n as well. */
export function normalizeSearchText(value: string | null | undefined): string {
  return (value ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** True when the query is blank or any field contains it; the fields may be missing. */
export function matchesSearch(query: string | null | undefined, ...fields: (string | null | undefined)[]): boolean {
  const needle = normalizeSearchText(query);
  if (!needle) return true;
  return fields.some((field) => normalizeSearchText(field).includes(needle));
}
