/** The confirmation before deleting a group, saying how many leads go with it (CONTRACT §5). */
import type { LeadGroup } from '@crm/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshLeads } from '../hooks/useLeadQueries';

function leadsPhrase(count: number): string {
  return count === 1 ? 'su único lead' : `sus ${count.toLocaleString('es-ES')} leads`;
}

export function DeleteGroupDialog({ group, opened, onClose }: { group: LeadGroup | null; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshLeads();
  const remove = useMutation(
    trpc.leadGroups.delete.mutationOptions({
      onSuccess: async (result) => {
        notifySuccess('Grupo eliminado', result.message);
        onClose();
        await refresh();
      },
      onError: (error) => notifyError('No se pudo eliminar el grupo', serverMessage(error, 'Error al eliminar grupo')),
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Eliminar grupo" centered>
      {group ? (
        <Stack>
          <Text>
            ¿Eliminar el grupo <strong>{group.name}</strong>?{' '}
            {group.leadCount === 0
              ? 'El grupo no tiene leads.'
              : `Se eliminarán también ${leadsPhrase(group.leadCount)}.`}{' '}
            Esta acción no se puede deshacer.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancelar
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: group.id })}>
              Eliminar grupo
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
