/**
 * 'Contactos': the people of the lead, the primary first, each with their own call (tel:) and
 * WhatsApp (wa.me, the number in the team's country) links and the values of the team's contact
 * fields. Admins and managers add, edit, delete and choose the primary (the API refuses the others
 * the same); admins also have each person's 'Datos personales' (export, anonymise).
 */
import { type Contact, type CustomFieldDefinition, can } from '@crm/domain';
import { ActionIcon, Anchor, Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandWhatsapp, IconMail, IconPencil, IconPhone, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamPhoneFormat } from '../../../lib/phone-format';
import { CustomFieldValue } from '../../custom-fields/components/CustomFieldValue';
import { useContactFields } from '../../custom-fields/hooks/useCustomFields';
import { useRefreshContacts } from '../hooks/contacts';
import { ContactDialog } from './ContactDialog';
import { PersonalDataMenu } from './PersonalDataMenu';

/** The contact's ways to be reached: email, the phone with its call link, WhatsApp. */
function ContactLinks({ contact }: { contact: Contact }) {
  const format = useTeamPhoneFormat();
  const tel = format.tel(contact.phone);
  const whatsapp = format.whatsapp(contact.whatsapp);
  return (
    <Group gap="xs" wrap="wrap">
      {contact.email ? (
        <Anchor href={`mailto:${contact.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconMail size={16} aria-hidden />
            {contact.email}
          </Group>
        </Anchor>
      ) : null}
      {contact.phone && tel ? (
        <Anchor href={tel} size="sm" aria-label={`Llamar a ${contact.name} al ${format.phone(contact.phone)}`}>
          <Group gap={4} wrap="nowrap" component="span">
            <IconPhone size={16} aria-hidden />
            {format.phone(contact.phone)}
          </Group>
        </Anchor>
      ) : contact.phone ? (
        <Text size="sm">{format.phone(contact.phone)}</Text>
      ) : null}
      {contact.whatsapp && whatsapp ? (
        <Anchor
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          c="green.8"
          aria-label={`WhatsApp de ${contact.name} al ${format.phone(contact.whatsapp)}`}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconBrandWhatsapp size={16} aria-hidden />
            WhatsApp
          </Group>
        </Anchor>
      ) : null}
    </Group>
  );
}

/** The contact's values of the active contact fields, in their order; the fields it has no value for are left out. */
function ContactCustomValues({ contact, fields }: { contact: Contact; fields: readonly CustomFieldDefinition[] }) {
  const filled = fields.filter((field) => {
    const value = contact.customFields[field.key];
    return value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
  });
  if (filled.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4}>
      {filled.map((field) => (
        <Stack key={field.key} gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {field.label}
          </Text>
          <CustomFieldValue definition={field} value={contact.customFields[field.key]} />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

interface ContactItemProps {
  contact: Contact;
  fields: readonly CustomFieldDefinition[];
  manages: boolean;
  /** An admin: 'Datos personales' on the card. */
  personalData: boolean;
  onEdit: (contact: Contact) => void;
}

function ContactItem({ contact, fields, manages, personalData, onEdit }: ContactItemProps) {
  const trpc = useTRPC();
  const refresh = useRefreshContacts(contact.leadId);
  const [confirming, confirm] = useDisclosure(false);
  const makePrimary = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Contacto principal cambiado', `${contact.name} es ahora el contacto principal`);
        await refresh();
      },
      onError: (error) => notifyError('No se pudo cambiar el contacto principal', serverMessage(error, 'Error al guardar')),
    }),
  );
  const remove = useMutation(
    trpc.contacts.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Contacto eliminado');
        confirm.close();
        await refresh();
      },
      onError: (error) => notifyError('No se pudo eliminar el contacto', serverMessage(error, 'Error al eliminar el contacto')),
    }),
  );

  return (
    <Paper withBorder p="sm" radius="md" data-testid="lead-contact">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {contact.name}
              </Text>
              {contact.isPrimary ? (
                <Badge size="sm" variant="light">
                  Principal
                </Badge>
              ) : null}
            </Group>
            {contact.cargo ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {contact.cargo}
              </Text>
            ) : null}
          </Stack>
          {manages || personalData ? (
            <Group gap={2} wrap="nowrap">
              {personalData ? <PersonalDataMenu subject={{ kind: 'contact', id: contact.id, name: contact.name }} /> : null}
              {!manages || contact.isPrimary ? null : (
                <Tooltip label="Marcar como principal">
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={`Marcar a ${contact.name} como contacto principal`}
                    loading={makePrimary.isPending}
                    onClick={() => makePrimary.mutate({ id: contact.id, data: { isPrimary: true } })}
                  >
                    <IconStar size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              {manages ? (
                <>
                  <Tooltip label="Editar contacto">
                    <ActionIcon variant="subtle" size="lg" aria-label={`Editar a ${contact.name}`} onClick={() => onEdit(contact)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Eliminar contacto">
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Eliminar a ${contact.name}`} onClick={confirm.open}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </>
              ) : null}
            </Group>
          ) : null}
        </Group>
        <ContactLinks contact={contact} />
        <ContactCustomValues contact={contact} fields={fields} />
        {contact.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {contact.notes}
          </Text>
        ) : null}
      </Stack>
      <ConfirmDeleteDialog
        opened={confirming}
        title="Eliminar contacto"
        confirmLabel="Eliminar contacto"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ id: contact.id })}
        onClose={confirm.close}
      >
        ¿Eliminar a «{contact.name}» de los contactos de este lead?
        {contact.isPrimary ? ' Otro contacto pasará a ser el principal.' : ''}
      </ConfirmDeleteDialog>
    </Paper>
  );
}

export function LeadContacts({ leadId }: { leadId: number }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const manages = can(user, 'lead.manage');
  const personalData = can(user, 'lead.personalData');
  const contacts = useQuery(trpc.contacts.list.queryOptions({ leadId }));
  const fields = useContactFields();
  const [dialog, setDialog] = useState<{ contact: Contact | null } | null>(null);

  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Contactos
          </Title>
          {manages ? (
            <Button size="xs" variant="light" leftSection={<IconPlus size={16} />} onClick={() => setDialog({ contact: null })}>
              Añadir contacto
            </Button>
          ) : null}
        </Group>
        {contacts.isPending ? <PageLoader label="Cargando contactos..." /> : null}
        {contacts.isError ? <LoadError title="No se pudieron cargar los contactos" query={contacts} /> : null}
        {contacts.isSuccess && contacts.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            Sin contactos. {manages ? 'Añade a las personas con las que hablas en este lead.' : ''}
          </Text>
        ) : null}
        {(contacts.data ?? []).map((contact) => (
          <ContactItem
            key={contact.id}
            contact={contact}
            fields={fields}
            manages={manages}
            personalData={personalData}
            onEdit={(edited) => setDialog({ contact: edited })}
          />
        ))}
      </Stack>
      {manages ? (
        <ContactDialog
          leadId={leadId}
          contact={dialog?.contact ?? null}
          first={contacts.data?.length === 0}
          opened={dialog !== null}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}
