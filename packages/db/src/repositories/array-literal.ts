/**
 * PostgreSQL's text form of an array parameter (`{"a","b",NULL}`), built by the caller when it
 * chooses, where node-postgres would build it while sending the statement. An import encodes a
 * batch's columns before its transaction starts, so its turn holding the import lock is spent in
 * the database and not in encoding. Every element is quoted, so backslash and double quote are
 * the only characters escaped; null is NULL.
 */
export function textArrayLiteral(values: readonly (string | null)[]): string {
  let literal = '{';
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (index > 0) literal += ',';
    literal += value === null || value === undefined ? 'NULL' : `"${value.replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${literal}}`;
}

export function intArrayLiteral(values: readonly (number | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;
}
