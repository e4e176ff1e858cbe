/** Sorting the 'Rendimiento Individual' rows by any column. */
import { type PerformanceEntry, compareDecimals } from '@crm/domain';

export type PerformanceColumn = 'name' | 'assigned' | 'contacted' | 'converted' | 'conversionRate' | 'revenue';
export type SortDirection = 'asc' | 'desc';

export function sortPerformance(rows: PerformanceEntry[], column: PerformanceColumn, direction: SortDirection): PerformanceEntry[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    let order: number;
    if (column === 'name') order = a.name.localeCompare(b.name, 'es');
    // Revenue is an exact decimal string: compared as cents, never through a float.
    else if (column === 'revenue') order = compareDecimals(a.revenue, b.revenue);
    else order = a[column] - b[column];
    return sign * order || a.name.localeCompare(b.name, 'es');
  });
}
