/**
 * 'Asignar a:' (admin and manager). Choosing a team member assigns the lead; choosing 'Sin asignar'
 * does nothing (the API can unassign, the screen does not: docs/leads.md), so the select keeps showing the current assignee.
 */
import { type LeadListItem, fullName } from '@crm/domain';
import { Select } from '@mantine/core';
import { useAssignLead } from '../hooks/useLeadActions';
import { UNASSIGNED, useTeamOptions } from '../hooks/useTeamOptions';

export function AssignSelect({ lead }: { lead: LeadListItem }) {
  const assign = useAssignLead();
  const options = useTeamOptions();
  // An assignee missing from the team list (e.g. just deleted) still shows by name.
  if (lead.assignedTo !== null && !options.some((option) => option.value === String(lead.assignedTo))) {
    const name = lead.assignee ? fullName(lead.assignee.firstName, lead.assignee.lastName, 'Usuario desconocido') : 'Usuario desconocido';
    options.push({ value: String(lead.assignedTo), label: name });
  }

  return (
    <Select
      label="Asignar a:"
      size="xs"
      data={options}
      value={lead.assignedTo === null ? UNASSIGNED : String(lead.assignedTo)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin resultados"
      disabled={assign.isPending}
      onChange={(value) => {
        if (!value || value === UNASSIGNED || value === String(lead.assignedTo)) return;
        assign.mutate({ id: lead.id, assignedTo: Number(value) });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
