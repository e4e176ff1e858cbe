/**
 * 'Asignar a:' (admin and manager). Choosing a team member assigns the lead; choosing 'Sin asignar'
 * does nothing (the API can unassign, the screen does not: docs/leads.md), so the select keeps showing the current assignee.
 * A list shows it on every card: a DeferredSelect, a plain input until first used.
 */
import { type LeadListItem, fullName } from '@crm/domain';
import { DeferredSelect } from '../../../components/deferred-select/DeferredSelect';
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
  const value = lead.assignedTo === null ? UNASSIGNED : String(lead.assignedTo);

  return (
    <DeferredSelect
      label="Asignar a:"
      size="xs"
      data={options}
      value={value}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin resultados"
      disabled={assign.isPending}
      onChange={(next) => {
        if (!next || next === UNASSIGNED || next === String(lead.assignedTo)) return;
        assign.mutate({ id: lead.id, assignedTo: Number(next) });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
