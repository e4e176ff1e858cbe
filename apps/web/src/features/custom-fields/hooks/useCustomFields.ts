/** The team's lead fields (docs/custom-fields.md): every screen that shows or edits leads reads the same cached list. */
import type { CustomFieldDefinition } from '@crm/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

const NONE: CustomFieldDefinition[] = [];

/** Active lead fields, in their order; empty while loading (forms and tables then show the built-in fields only). */
export function useLeadFields(): CustomFieldDefinition[] {
  const trpc = useTRPC();
  const query = useQuery(trpc.customFields.list.queryOptions({ entity: 'lead', includeArchived: false }));
  return query.data ?? NONE;
}
