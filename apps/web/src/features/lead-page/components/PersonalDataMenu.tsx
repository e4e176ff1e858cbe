/**
 * 'Datos personales' (admin, GDPR arts. 15 and 17): download everything kept about the person as
 * JSON or CSV, or anonymise it for good after a confirmation that says what goes.
 */
import { PERSONAL_DATA_MESSAGES } from '@crm/domain';
import { Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconDownload, IconEraser, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function PersonalDataMenu({ lead }: { lead: { id: number; name: string } }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opened, dialog] = useDisclosure(false);
  const anonymize = useMutation(
    trpc.personalData.anonymize.mutationOptions({
      onSuccess: async (answer) => {
        dialog.close();
        notifySuccess(answer.message);
        await queryClient.invalidateQueries();
      },
      onError: (error) => notifyError('No se pudo anonimizar', serverMessage(error, 'Error al anonimizar el lead')),
    }),
  );
  const exportUrl = (format: 'json' | 'csv') => `/api/leads/${lead.id}/personal-data?format=${format}`;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" color="gray" leftSection={<IconShieldLock size={16} />} rightSection={<IconChevronDown size={14} />}>
            Datos personales
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Exportar datos personales</Menu.Label>
          <Menu.Item component="a" href={exportUrl('json')} download leftSection={<IconDownload size={16} />}>
            Exportar en JSON
          </Menu.Item>
          <Menu.Item component="a" href={exportUrl('csv')} download leftSection={<IconDownload size={16} />}>
            Exportar en CSV
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconEraser size={16} />} onClick={dialog.open}>
            Anonimizar
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDeleteDialog
        opened={opened}
        title="Anonimizar lead"
        confirmLabel="Anonimizar"
        pending={anonymize.isPending}
        onConfirm={() => anonymize.mutate({ id: lead.id })}
        onClose={dialog.close}
      >
        ¿Anonimizar «{lead.name}»? {PERSONAL_DATA_MESSAGES.confirm}
      </ConfirmDeleteDialog>
    </>
  );
}
