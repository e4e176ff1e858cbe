/** The choice one bulk action needs (a person, a specialization, a status, a group, a tag) before it runs. */
import {
  LEAD_STATUS_OPTIONS,
  type LeadBulkAction,
  type LeadStatus,
  OWNER_STATUS_MOVES,
  isLeadStatus,
  statusLabel,
  formatCount,
} from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useLeadGroups } from '../hooks/useLeadQueries';
import { UNASSIGNED, useTeamOptions } from '../hooks/useTeamOptions';

export type ChoiceAction = Exclude<LeadBulkAction, 'delete' | 'customField'>;

/** The field of the bulk input each action's choice fills; 'Sin asignar' / 'Sin grupo' are null. */
export type BulkChoice =
  { assignedTo: number | null } | { roleId: number } | { status: LeadStatus } | { groupId: number | null } | { tagId: number };

const NO_GROUP = 'sin-grupo';

const TEXT: Record<ChoiceAction, { title: string; label: string; hint?: string }> = {
  assign: { title: 'Asignar leads', label: 'Asignar a' },
  distribute: {
    title: 'Repartir leads',
    label: 'Especialización',
    hint: 'Se asignan a sus miembros disponibles según la regla de reparto del rol.',
  },
  status: { title: 'Cambiar estado', label: 'Nuevo estado' },
  group: { title: 'Mover a un grupo', label: 'Grupo' },
  addTag: { title: 'Añadir etiqueta', label: 'Etiqueta' },
  removeTag: { title: 'Quitar etiqueta', label: 'Etiqueta' },
};

function useChoices(action: ChoiceAction, manages: boolean) {
  const trpc = useTRPC();
  const team = useTeamOptions();
  const roles = useQuery({ ...trpc.customRoles.list.queryOptions(), enabled: action === 'distribute' });
  const groups = useLeadGroups(action === 'group');
  const tags = useQuery({ ...trpc.tags.list.queryOptions(), enabled: action === 'addTag' || action === 'removeTag' });
  if (action === 'assign') return team;
  if (action === 'addTag' || action === 'removeTag') return (tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }));
  if (action === 'distribute') return (roles.data ?? []).map((role) => ({ value: String(role.id), label: role.displayName }));
  if (action === 'group')
    return [{ value: NO_GROUP, label: 'Sin grupo' }, ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name }))];
  // A Vendedor moves only their own leads, and only to the owner's statuses.
  return manages ? LEAD_STATUS_OPTIONS : OWNER_STATUS_MOVES.map((status) => ({ value: status, label: statusLabel(status) }));
}

function toChoice(action: ChoiceAction, value: string): BulkChoice | null {
  if (action === 'assign') return { assignedTo: value === UNASSIGNED ? null : Number(value) };
  if (action === 'distribute') return { roleId: Number(value) };
  if (action === 'group') return { groupId: value === NO_GROUP ? null : Number(value) };
  if (action === 'addTag' || action === 'removeTag') return { tagId: Number(value) };
  return isLeadStatus(value) ? { status: value } : null;
}

interface BulkActionDialogProps {
  action: ChoiceAction | null;
  count: number;
  manages: boolean;
  pending: boolean;
  onRun: (choice: BulkChoice) => void;
  onClose: () => void;
}

export function BulkActionDialog({ action, count, manages, pending, onRun, onClose }: BulkActionDialogProps) {
  return (
    <Modal opened={action !== null} onClose={onClose} title={action ? TEXT[action].title : ''} centered>
      {action ? (
        <ChoiceForm key={action} action={action} count={count} manages={manages} pending={pending} onRun={onRun} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ChoiceForm({ action, count, manages, pending, onRun, onClose }: BulkActionDialogProps & { action: ChoiceAction }) {
  const [value, setValue] = useState<string | null>(null);
  const data = useChoices(action, manages);
  const text = TEXT[action];
  return (
    <Stack>
      <Text size="sm">{formatCount(count, 'lead seleccionado', 'leads seleccionados')}</Text>
      <Select label={text.label} placeholder="Elige una opción" data={data} value={value} onChange={setValue} searchable data-autofocus />
      {text.hint ? (
        <Text size="xs" c="dimmed">
          {text.hint}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancelar
        </Button>
        <Button
          disabled={value === null}
          loading={pending}
          onClick={() => {
            const choice = value === null ? null : toChoice(action, value);
            if (choice) onRun(choice);
          }}
        >
          Aplicar
        </Button>
      </Group>
    </Stack>
  );
}
