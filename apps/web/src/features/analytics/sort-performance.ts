/** Sorting the 'Rendimiento Individual' rows by any column. */
import type { PerformanceEntry } from '@crm/domain';

export type PerformanceColumn = 'name' | 'assigned' | 'contacted' | 'converted' | 'conversionRate' | 'revenue';
export type SortDirection = 'asc' | 'desc';

export function sortPerformance(rows: PerformanceEntry[], column: PerformanceColumn, direction: SortDirection): PerformanceEntry[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const order = column === 'name' ? a.name.localeCompare(b.name, 'es') : a[column] - b[column];
    return sign * order || a.name.localeCompare(b.name, 'es');
  });
}
