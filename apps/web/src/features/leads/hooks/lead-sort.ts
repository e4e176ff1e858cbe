/** The table's sort as the URL carries it ('name:asc'), checked without zod (the leads page loads none). */
import { type LeadSort, isLeadSort } from '@crm/domain';

export function readSort(value: string | null): LeadSort | null {
  return value !== null && isLeadSort(value) ? value : null;
}
