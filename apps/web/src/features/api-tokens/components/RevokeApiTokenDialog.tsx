/** Confirms revoking a token: from the next request on, every program using it is refused. */
import type { ApiToken } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function RevokeApiTokenDialog({ token, onClose }: { token: ApiToken | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Token revocado');
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.list.queryKey() });
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo revocar el token.')),
    }),
  );
  return (
    <ConfirmDeleteDialog
      opened={token !== null}
      title="Revocar token"
      confirmLabel="Revocar"
      pending={revoke.isPending}
      onConfirm={() => token && revoke.mutate({ id: token.id })}
      onClose={onClose}
    >
      ¿Revocar el token <strong>{token?.name}</strong>? Los programas que lo usan dejarán de tener acceso de inmediato. No se puede
      deshacer.
    </ConfirmDeleteDialog>
  );
}
