/**
 * 'Asignar a:' (admin and manager). Choosing a team member assigns the lead; choosing 'Sin asignar'
 * does nothing (the API can unassign, the screen does not: docs/leads.md), so the select keeps showing the current assignee.
 * A list shows it on every card: until it is first touched it is a plain read-only input (the
 * searchable select, its dropdown and positioning cost a phone about 100 ms per card), swapped for the select on first use.
 */
import { type LeadListItem, fullName } from '@crm/domain';
import { InputBase, Select } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { useAssignLead } from '../hooks/useLeadActions';
import { UNASSIGNED, useTeamOptions } from '../hooks/useTeamOptions';

/** Whether the select opens its list as it mounts (a click) or only takes the focus (the keyboard). */
type Activation = 'idle' | 'focus' | 'open';

export function AssignSelect({ lead }: { lead: LeadListItem }) {
  const assign = useAssignLead();
  const options = useTeamOptions();
  const [activation, setActivation] = useState<Activation>('idle');
  // An assignee missing from the team list (e.g. just deleted) still shows by name.
  if (lead.assignedTo !== null && !options.some((option) => option.value === String(lead.assignedTo))) {
    const name = lead.assignee ? fullName(lead.assignee.firstName, lead.assignee.lastName, 'Usuario desconocido') : 'Usuario desconocido';
    options.push({ value: String(lead.assignedTo), label: name });
  }
  const value = lead.assignedTo === null ? UNASSIGNED : String(lead.assignedTo);

  if (activation === 'idle') {
    return (
      <InputBase
        label="Asignar a:"
        size="xs"
        readOnly
        pointer
        value={options.find((option) => option.value === value)?.label ?? ''}
        rightSection={<IconSelector size={16} aria-hidden />}
        rightSectionPointerEvents="none"
        // The pointer opens the list at once; Tab only moves the focus, as it does into a select.
        onPointerDown={(event) => {
          event.preventDefault();
          setActivation('open');
        }}
        onFocus={() => setActivation('focus')}
      />
    );
  }

  return (
    <Select
      label="Asignar a:"
      size="xs"
      data={options}
      value={value}
      allowDeselect={false}
      searchable
      nothingFoundMessage="Sin resultados"
      disabled={assign.isPending}
      autoFocus
      defaultDropdownOpened={activation === 'open'}
      onChange={(next) => {
        if (!next || next === UNASSIGNED || next === String(lead.assignedTo)) return;
        assign.mutate({ id: lead.id, assignedTo: Number(next) });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
