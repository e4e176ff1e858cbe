/**
 * The avatar and name at the foot of a lead card: the assignee, or whoever contacted the lead once
 * it is contacted. Initials fall back to 'SA' when nobody is assigned and '??' for an unknown user.
 */
import { type LeadListItem, fullName } from '@crm/domain';
import { Group, Text } from '@mantine/core';
import { UserAvatar } from '../../../components/UserAvatar';

function leadOwner(lead: LeadListItem): { userId: number | null; person: LeadListItem['assignee'] } {
  if (lead.contactedBy !== null) return { userId: lead.contactedBy, person: lead.contactedByUser };
  return { userId: lead.assignedTo, person: lead.assignee };
}

export function LeadOwner({ lead }: { lead: LeadListItem }) {
  const { userId, person } = leadOwner(lead);
  const name =
    userId === null ? 'Sin asignar' : person ? fullName(person.firstName, person.lastName, 'Usuario desconocido') : 'Usuario desconocido';
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <UserAvatar user={person} fallback={userId === null ? 'SA' : '??'} size="sm" />
      <Text size="sm" truncate>
        {name}
      </Text>
    </Group>
  );
}
