/**
 * 'Datos personales' (admin, GDPR arts. 15 and 17) of a lead or of one of its contacts: download
 * everything kept about the person as JSON or CSV, or anonymise it for good after a confirmation
 * that says what goes and that it cannot be undone.
 */
import { PERSONAL_DATA_MESSAGES } from '@crm/domain';
import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconDownload, IconEraser, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPCClient } from '../../../lib/trpc';

interface Subject {
  kind: 'lead' | 'contact';
  id: number;
  name: string;
}

const TEXTS = {
  lead: { path: '/api/leads', title: 'Anonimizar lead', warning: PERSONAL_DATA_MESSAGES.confirm, failed: 'Error al anonimizar el lead' },
  contact: {
    path: '/api/contacts',
    title: 'Anonimizar contacto',
    warning: PERSONAL_DATA_MESSAGES.confirmContact,
    failed: 'Error al anonimizar el contacto',
  },
} as const;

/** The lead's menu opens from a labelled button; a contact's, from an icon on its card (an element: Menu.Target gives it its ref). */
function menuTrigger(subject: Subject) {
  if (subject.kind === 'lead') {
    return (
      <Button variant="light" color="gray" leftSection={<IconShieldLock size={16} />} rightSection={<IconChevronDown size={14} />}>
        Datos personales
      </Button>
    );
  }
  return (
    <Tooltip label="Datos personales">
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Datos personales de ${subject.name}`}>
        <IconShieldLock size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

export function PersonalDataMenu({ subject }: { subject: Subject }) {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [opened, dialog] = useDisclosure(false);
  const texts = TEXTS[subject.kind];
  const anonymize = useMutation({
    mutationFn: () =>
      subject.kind === 'lead'
        ? client.personalData.anonymize.mutate({ id: subject.id })
        : client.contactPersonalData.anonymize.mutate({ id: subject.id }),
    onSuccess: async (answer) => {
      dialog.close();
      notifySuccess(answer.message);
      await queryClient.invalidateQueries();
    },
    onError: (error) => notifyError('No se pudo anonimizar', serverMessage(error, texts.failed)),
  });
  const exportUrl = (format: 'json' | 'csv') => `${texts.path}/${subject.id}/personal-data?format=${format}`;
  return (
    <>
      {/* Without the focus placeholder: axe counts its tabindex against the menu's allowed children. */}
      <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>{menuTrigger(subject)}</Menu.Target>
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
        title={texts.title}
        confirmLabel="Anonimizar"
        pending={anonymize.isPending}
        onConfirm={() => anonymize.mutate()}
        onClose={dialog.close}
      >
        ¿Anonimizar «{subject.name}»? {texts.warning}
      </ConfirmDeleteDialog>
    </>
  );
}
