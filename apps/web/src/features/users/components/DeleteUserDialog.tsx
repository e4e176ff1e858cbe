/**
 * 'Confirmar Eliminación': deleting a user deactivates them (docs/roles-and-permissions.md). The
 * dialog says how many open leads they have and lets the caller hand them to a colleague.
 */
import { type User, fullName, formatCount, pluralWord } from '@crm/domain';
import { Select } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../hooks/useRefreshPeople';

function openLeadsSentence(count: number): string {
  if (count === 0) return 'No tiene leads abiertos.';
  const leads = formatCount(count, 'lead abierto', 'leads abiertos');
  return `Tiene ${leads}: ${pluralWord(count, 'quedará', 'quedarán')} sin asignar, o ${pluralWord(count, 'pasará', 'pasarán')} a quien elijas.`;
}

export function DeleteUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const [heir, setHeir] = useState<string | null>(null);
  const preview = useQuery({ ...trpc.users.deletionPreview.queryOptions({ id: user?.id ?? 0 }), enabled: user !== null });
  const colleagues = useQuery({ ...trpc.users.list.queryOptions(), enabled: user !== null });
  const close = () => {
    setHeir(null);
    onClose();
  };
  const remove = useMutation(
    trpc.users.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Usuario eliminado');
        close();
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo eliminar el usuario')),
    }),
  );
  const openLeads = preview.data?.openLeads ?? 0;
  const heirOptions = (colleagues.data ?? [])
    .filter((colleague) => colleague.id !== user?.id)
    .map((colleague) => ({ value: String(colleague.id), label: fullName(colleague.firstName, colleague.lastName, colleague.username) }));

  return (
    <ConfirmDeleteDialog
      opened={user !== null}
      title="Confirmar Eliminación"
      pending={remove.isPending}
      onConfirm={() => user && remove.mutate({ id: user.id, reassignTo: heir === null ? undefined : Number(heir) })}
      onClose={close}
      extra={
        openLeads > 0 ? (
          <Select
            label="Pasar sus leads abiertos a"
            placeholder="Sin asignar"
            data={heirOptions}
            value={heir}
            onChange={setHeir}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ) : null
      }
    >
      ¿Seguro que quieres eliminar a <strong>{user ? fullName(user.firstName, user.lastName, user.username) : ''}</strong> (@
      {user?.username})? No podrá iniciar sesión y se cerrarán sus sesiones; sus mensajes y sus conversiones se conservan.{' '}
      {preview.isSuccess ? openLeadsSentence(openLeads) : null}
    </ConfirmDeleteDialog>
  );
}
