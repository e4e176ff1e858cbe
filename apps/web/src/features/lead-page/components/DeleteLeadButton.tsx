/** 'Eliminar lead' (admin, manager) with its confirmation; afterwards back to the list. */
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useLeadDeleted } from '../../leads/hooks/lead-events';

export function DeleteLeadButton({ lead }: { lead: { id: number; name: string } }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const deleted = useLeadDeleted();
  const [opened, dialog] = useDisclosure(false);
  const remove = useMutation(
    trpc.leads.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Lead eliminado', `${lead.name} y su historial se han eliminado`);
        await navigate('/leads');
        deleted(lead.id);
      },
      onError: (error) => notifyError('No se pudo eliminar el lead', serverMessage(error, 'Error al eliminar el lead')),
    }),
  );
  return (
    <>
      <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={dialog.open}>
        Eliminar lead
      </Button>
      <ConfirmDeleteDialog
        opened={opened}
        title="Eliminar lead"
        confirmLabel="Eliminar lead"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: lead.id })}
        onClose={dialog.close}
      >
        ¿Eliminar «{lead.name}»? Se eliminarán también sus notas, seguimientos e historial. Esta acción no se puede deshacer.
      </ConfirmDeleteDialog>
    </>
  );
}
