/** The team's custom fields (docs/custom-fields.md): every screen that shows or edits leads or contacts reads the same cached lists. */
import type { CustomFieldDefinition, CustomFieldEntity } from '@crm/domain';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

const NONE: CustomFieldDefinition[] = [];

/** Active fields of `entity`, in their order; empty while loading (forms and tables then show the built-in fields only). */
function useActiveFields(entity: CustomFieldEntity): CustomFieldDefinition[] {
  const trpc = useTRPC();
  const query = useQuery(trpc.customFields.list.queryOptions({ entity, includeArchived: false }));
  return query.data ?? NONE;
}

export function useLeadFields(): CustomFieldDefinition[] {
  return useActiveFields('lead');
}

/** The contact form's and the contacts card's fields. */
export function useContactFields(): CustomFieldDefinition[] {
  return useActiveFields('contact');
}
