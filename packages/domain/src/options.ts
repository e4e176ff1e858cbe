/** Turns a value list and its Spanish labels into the { value, label } pairs selects render. */
export interface Option<T extends string> {
  value: T;
  label: string;
}

export function toOptions<T extends string>(values: readonly T[], labels: Record<T, string>): Option<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Narrows an unknown stored value to one of a fixed list, so label lookups never miss. */
export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
