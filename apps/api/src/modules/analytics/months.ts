/** The calendar months ('YYYY-MM', local time) a half-open range [from, to) touches, oldest first. */
export function monthsBetween(from: Date, to: Date): string[] {
  const months: string[] = [];
  const last = new Date(to.getTime() - 1);
  const cursor = new Date(from.getFullYear(), from.getMonth(), 1);
  while (cursor <= last) {
    months.push(`${cursor.getFullYear()}-${String(cursor.getMonth() + 1).padStart(2, '0')}`);
    cursor.setMonth(cursor.getMonth() + 1);
  }
  return months;
}
