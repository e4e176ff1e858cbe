/**
 * The caller's saved views as chips above the list: a chip applies its view (a board view opens
 * the Embudo), its × deletes it after a confirmation, and 'Guardar vista' keeps the current one.
 */
import type { SavedView } from '@crm/domain';
import { ActionIcon, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmarkPlus, IconLayoutKanban, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { serverMessage } from '../../../lib/errors';
import { lazyDialog } from '../../../lib/lazy-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { savedFiltersOf, savedViewHref } from '../hooks/saved-view-url';
import type { LeadsView } from '../hooks/useLeadsView';
import { useSavedViews } from '../hooks/useSavedViews';

// The dialogs (and the saved view's schema, with zod) load when one first opens.
const SaveViewDialog = lazyDialog(() => import('./SaveViewDialog').then((module) => module.SaveViewDialog));
const ConfirmDeleteDialog = lazyDialog(() =>
  import('../../../components/ConfirmDeleteDialog').then((module) => module.ConfirmDeleteDialog),
);

export function SavedViewChips({ view }: { view: LeadsView }) {
  const navigate = useNavigate();
  const { list, remove } = useSavedViews();
  const [saving, saveDialog] = useDisclosure(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const current = savedViewHref({ view: view.mode, filters: savedFiltersOf(view) });

  const confirmDelete = (saved: SavedView) =>
    remove.mutate(
      { id: saved.id },
      {
        onSuccess: () => {
          notifySuccess('Vista eliminada', `«${saved.name}» ya no aparece sobre la lista`);
          setDeleting(null);
        },
        onError: (error) => notifyError('No se pudo eliminar la vista', serverMessage(error, 'Error al eliminar la vista')),
      },
    );

  return (
    <Group gap="xs" mb="sm" role="group" aria-label="Vistas guardadas">
      {(list.data ?? []).map((saved) => {
        const href = savedViewHref(saved);
        return (
          <Group key={saved.id} gap={0} wrap="nowrap">
            <Button
              size="compact-sm"
              radius="xl"
              variant={href === current ? 'filled' : 'light'}
              aria-pressed={href === current}
              leftSection={saved.view === 'board' ? <IconLayoutKanban size={14} aria-label="Embudo" /> : null}
              onClick={() => void navigate(href)}
              style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
            >
              {saved.name}
            </Button>
            <ActionIcon
              size={26}
              radius="xl"
              variant={href === current ? 'filled' : 'light'}
              aria-label={`Eliminar la vista «${saved.name}»`}
              onClick={() => setDeleting(saved)}
              style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
            >
              <IconX size={14} />
            </ActionIcon>
          </Group>
        );
      })}
      <Button size="compact-sm" variant="subtle" leftSection={<IconBookmarkPlus size={16} />} onClick={saveDialog.open}>
        Guardar vista
      </Button>
      <SaveViewDialog opened={saving} onClose={saveDialog.close} filters={savedFiltersOf(view)} mode={view.mode} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Eliminar vista"
        confirmLabel="Eliminar vista"
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={() => setDeleting(null)}
      >
        ¿Eliminar la vista «{deleting?.name}»? Los leads no cambian: solo desaparece el atajo.
      </ConfirmDeleteDialog>
    </Group>
  );
}
