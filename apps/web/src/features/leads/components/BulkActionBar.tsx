/**
 * The bar over a bulk selection (docs/leads.md, 'Acciones masivas'): how many are selected, the
 * offer to take every lead the filter matches, and the actions; the toast says how many changed
 * and how many were skipped and why (the server checks each lead).
 */
import { type LeadBulkAction, type LeadBulkInput, type LeadBulkResult, formatCount } from '@crm/domain';
import { Button, Card, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  IconArrowsShuffle,
  IconDownload,
  IconFolder,
  IconForms,
  IconProgressCheck,
  IconTag,
  IconTagOff,
  IconTrash,
  IconUserPlus,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { serverMessage } from '../../../lib/errors';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import type { LeadSelection } from '../hooks/useLeadSelection';
import { type LeadListFilters, useRefreshLeads } from '../hooks/useLeadQueries';
import type { BulkChoice, ChoiceAction } from './BulkActionDialog';

// The dialogs load when one first opens: the leads page's first load has no dialog (nor Modal) in it.
const BulkActionDialog = lazyDialog(
  () => import('./BulkActionDialog').then((module) => module.BulkActionDialog),
  (props) => props.action !== null,
);
const BulkCustomFieldDialog = lazyDialog(() =>
  import('../../custom-fields/components/BulkCustomFieldDialog').then((module) => module.BulkCustomFieldDialog),
);
const ConfirmDeleteDialog = lazyDialog(() =>
  import('../../../components/ConfirmDeleteDialog').then((module) => module.ConfirmDeleteDialog),
);

function leadsText(count: number): string {
  return formatCount(count, 'lead', 'leads');
}

/** 'Actualizados: 40 · Omitidos: 2' and the reasons, one per line. */
function bulkResultText(result: LeadBulkResult): { title: string; message: string } {
  const title = formatCount(result.updated, 'lead actualizado', 'leads actualizados');
  const skipped =
    result.skipped === 0 ? 'Ninguno omitido' : `${formatCount(result.skipped, 'omitido', 'omitidos')}: ${result.errors.join('; ')}`;
  return { title, message: skipped };
}

interface BulkActionBarProps {
  selection: LeadSelection;
  /** How many leads the current tab and filter match. */
  matching: number;
  view: 'leads' | 'contacted';
  filters: LeadListFilters;
  manages: boolean;
  onExport: (ids: readonly number[] | null) => void;
}

export function BulkActionBar({ selection, matching, view, filters, manages, onExport }: BulkActionBarProps) {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  const [choosing, setChoosing] = useState<ChoiceAction | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [editingField, setEditingField] = useState(false);
  const run = useMutation(trpc.leadBulk.run.mutationOptions());
  const count = selection.count(matching);
  if (count === 0) return null;

  const target = selection.allMatching ? { filter: { view, ...filters } } : { ids: [...selection.ids] };
  const execute = (action: LeadBulkAction, choice: BulkChoice | object = {}) => {
    const input: LeadBulkInput = { action, ...target, ...choice };
    run.mutate(input, {
      onSuccess: (result) => {
        const text = bulkResultText(result);
        notifySuccess(text.title, text.message);
        setChoosing(null);
        setDeleting(false);
        setEditingField(false);
        selection.clear();
        void refresh();
      },
      onError: (error) => notifyError('No se pudo aplicar la acción', serverMessage(error, 'Inténtalo de nuevo')),
    });
  };

  return (
    <Card withBorder p="sm" role="region" aria-label="Acciones masivas" data-testid="bulk-bar">
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Text fw={600} size="sm" data-testid="bulk-count">
            {formatCount(count, 'lead seleccionado', 'leads seleccionados')}
          </Text>
          {!selection.allMatching && matching > count ? (
            <Button variant="subtle" size="xs" onClick={selection.selectAllMatching}>
              {`Seleccionar los ${matching.toLocaleString('es-ES')} que coinciden con el filtro`}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          {manages ? (
            <>
              <Button size="xs" variant="light" leftSection={<IconUserPlus size={14} />} onClick={() => setChoosing('assign')}>
                Asignar
              </Button>
              <Button size="xs" variant="light" leftSection={<IconArrowsShuffle size={14} />} onClick={() => setChoosing('distribute')}>
                Repartir
              </Button>
            </>
          ) : null}
          <Button size="xs" variant="light" leftSection={<IconProgressCheck size={14} />} onClick={() => setChoosing('status')}>
            Cambiar estado
          </Button>
          {manages ? (
            <>
              <Button size="xs" variant="light" leftSection={<IconFolder size={14} />} onClick={() => setChoosing('group')}>
                Mover a grupo
              </Button>
              <Button size="xs" variant="light" leftSection={<IconForms size={14} />} onClick={() => setEditingField(true)}>
                Editar campo
              </Button>
              <Button size="xs" variant="light" leftSection={<IconTag size={14} />} onClick={() => setChoosing('addTag')}>
                Añadir etiqueta
              </Button>
              <Button size="xs" variant="light" leftSection={<IconTagOff size={14} />} onClick={() => setChoosing('removeTag')}>
                Quitar etiqueta
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} />}
                onClick={() => onExport(selection.allMatching ? null : [...selection.ids])}
              >
                Exportar CSV
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)}>
                Eliminar
              </Button>
            </>
          ) : null}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={selection.clear}>
            Quitar selección
          </Button>
        </Group>
      </Group>
      <BulkActionDialog
        action={choosing}
        count={count}
        manages={manages}
        pending={run.isPending}
        onRun={(choice) => choosing && execute(choosing, choice)}
        onClose={() => setChoosing(null)}
      />
      {editingField ? (
        <BulkCustomFieldDialog
          opened
          count={leadsText(count)}
          pending={run.isPending}
          onRun={(choice) => execute('customField', choice)}
          onClose={() => setEditingField(false)}
        />
      ) : null}
      <ConfirmDeleteDialog
        opened={deleting}
        title="Eliminar leads"
        confirmLabel={`Eliminar ${leadsText(count)}`}
        pending={run.isPending}
        onConfirm={() => execute('delete')}
        onClose={() => setDeleting(false)}
      >
        {`Se eliminarán ${leadsText(count)} con su seguimiento, notas e historial. Esta acción no se puede deshacer.`}
      </ConfirmDeleteDialog>
    </Card>
  );
}
