/** Confirms deleting a web form: its page stops answering and its submission log goes; the leads stay. */
import type { WebForm } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function DeleteWebFormDialog({ form, onClose }: { form: WebForm | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.webForms.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Formulario eliminado');
        onClose();
        await queryClient.invalidateQueries({ queryKey: trpc.webForms.list.queryKey() });
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo eliminar el formulario.')),
    }),
  );
  return (
    <ConfirmDeleteDialog
      opened={form !== null}
      title="Eliminar formulario"
      pending={remove.isPending}
      onConfirm={() => form && remove.mutate({ id: form.id })}
      onClose={onClose}
    >
      ¿Eliminar el formulario <strong>{form?.name}</strong>? Su página dejará de funcionar en los sitios donde esté insertado y se borrará
      su registro de envíos. Los leads que trajo se quedan.
    </ConfirmDeleteDialog>
  );
}
