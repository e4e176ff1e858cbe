/** The table's sort as the URL carries it ('name:asc'), checked by the API's own schema. */
import { type LeadSort, leadSortSchema } from '@crm/domain';

export function readSort(value: string | null): LeadSort | null {
  const parsed = leadSortSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
