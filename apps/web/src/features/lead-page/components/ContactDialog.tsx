/** 'Añadir contacto' and 'Editar contacto' (admin, manager): the same form, checked by the API's schema. */
import { type Contact, updateContactFieldsSchema } from '@crm/domain';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { useRefreshContacts } from '../hooks/contacts';

interface ContactValues {
  name: string;
  cargo: string;
  email: string;
  phone: string;
  phoneHasWhatsapp: boolean;
  whatsappPhone: string;
  notes: string;
  isPrimary: boolean;
}

function valuesOf(contact: Contact | null): ContactValues {
  return {
    name: contact?.name ?? '',
    cargo: contact?.cargo ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    phoneHasWhatsapp: contact?.phoneHasWhatsapp ?? true,
    whatsappPhone: contact?.whatsappPhone ?? '',
    notes: contact?.notes ?? '',
    isPrimary: contact?.isPrimary ?? false,
  };
}

const validate = schemaResolver(updateContactFieldsSchema, { sync: true });

interface ContactFormProps {
  leadId: number;
  contact: Contact | null;
  /** A new contact will be the lead's primary whatever is chosen: its first. */
  first: boolean;
  onClose: () => void;
}

function ContactForm({ leadId, contact, first, onClose }: ContactFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshContacts(leadId);
  const { phonePlaceholder } = useTeamFormat();
  const form = useForm<ContactValues>({ initialValues: valuesOf(contact), validate });
  const saved = async (message: string) => {
    notifySuccess(message);
    onClose();
    await refresh();
  };
  const create = useMutation(
    trpc.contacts.create.mutationOptions({
      onSuccess: () => saved('Contacto añadido'),
      onError: (error) => notifyError('No se pudo añadir el contacto', serverMessage(error, 'Error al añadir el contacto')),
    }),
  );
  const update = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: () => saved('Contacto actualizado'),
      onError: (error) => notifyError('No se pudo actualizar el contacto', serverMessage(error, 'Error al actualizar el contacto')),
    }),
  );
  const submit = form.onSubmit((values) => {
    const parsed = updateContactFieldsSchema.safeParse(values);
    if (!parsed.success) return;
    // The primary stays primary until another is chosen: the box only ever makes one.
    const data = { ...parsed.data, isPrimary: values.isPrimary || undefined };
    if (contact) update.mutate({ id: contact.id, data });
    else create.mutate({ ...data, leadId, name: values.name, email: data.email ?? null });
  });
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Cargo" placeholder="Ej. Gerente" {...form.getInputProps('cargo')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput label="Teléfono" type="tel" placeholder={`Ej. ${phonePlaceholder}`} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Checkbox label="Este teléfono tiene WhatsApp" {...form.getInputProps('phoneHasWhatsapp', { type: 'checkbox' })} />
        <TextInput
          label="WhatsApp (si es otro número)"
          type="tel"
          placeholder={`Ej. ${phonePlaceholder}`}
          {...form.getInputProps('whatsappPhone')}
        />
        <Textarea label="Notas" autosize minRows={2} maxRows={5} {...form.getInputProps('notes')} />
        {contact?.isPrimary || (!contact && first) ? null : (
          <Checkbox label="Contacto principal" {...form.getInputProps('isPrimary', { type: 'checkbox' })} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {contact ? 'Guardar cambios' : 'Añadir contacto'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ContactDialog({
  leadId,
  contact,
  first,
  opened,
  onClose,
}: {
  leadId: number;
  /** null: a new contact. */
  contact: Contact | null;
  first: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={contact ? 'Editar contacto' : 'Añadir contacto'} size="lg" centered>
      {opened ? <ContactForm key={contact?.id ?? 'new'} leadId={leadId} contact={contact} first={first} onClose={onClose} /> : null}
    </Modal>
  );
}
