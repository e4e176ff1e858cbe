/**
 * 'Añadir contacto' and 'Editar contacto' (admin, manager): the same form, checked by the API's
 * schema, with the team's contact custom fields (the lead forms' inputs and checks).
 */
import { type Contact, type CustomFieldDefinition, updateContactFieldsSchema } from '@crm/domain';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamPhoneFormat } from '../../../lib/phone-format';
import { CustomFieldInputs } from '../../custom-fields/components/CustomFieldInputs';
import {
  type CustomFieldInputs as CustomInputs,
  customFieldErrors,
  inputValuesOf,
  payloadOf,
} from '../../custom-fields/hooks/custom-field-form';
import { useContactFields } from '../../custom-fields/hooks/useCustomFields';
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
  customFields: CustomInputs;
}

function valuesOf(contact: Contact | null, fields: readonly CustomFieldDefinition[]): ContactValues {
  return {
    name: contact?.name ?? '',
    cargo: contact?.cargo ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    phoneHasWhatsapp: contact?.phoneHasWhatsapp ?? true,
    whatsappPhone: contact?.whatsappPhone ?? '',
    notes: contact?.notes ?? '',
    isPrimary: contact?.isPrimary ?? false,
    customFields: inputValuesOf(fields, contact?.customFields),
  };
}

const validateFields = schemaResolver(updateContactFieldsSchema, { sync: true });

/** What the API gets: the custom inputs as values (on an edit, a patch of the stored ones). */
function payloadFor(values: ContactValues, fields: readonly CustomFieldDefinition[], contact: Contact | null) {
  return { ...values, customFields: payloadOf(fields, values.customFields, contact?.customFields) };
}

interface ContactFormProps {
  leadId: number;
  contact: Contact | null;
  /** A new contact will be the lead's primary whatever is chosen: its first. */
  first: boolean;
  /** The active contact fields. */
  fields: readonly CustomFieldDefinition[];
  onClose: () => void;
}

function ContactForm({ leadId, contact, first, fields, onClose }: ContactFormProps) {
  const trpc = useTRPC();
  const refresh = useRefreshContacts(leadId);
  const phonePlaceholder = useTeamPhoneFormat().placeholder();
  const form = useForm<ContactValues>({
    initialValues: valuesOf(contact, fields),
    validate: (values) => ({
      ...validateFields(payloadFor(values, fields, contact)),
      ...customFieldErrors(fields, contact ? 'update' : 'create', values.customFields, contact?.customFields),
    }),
  });
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
    const parsed = updateContactFieldsSchema.safeParse(payloadFor(values, fields, contact));
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
        <CustomFieldInputs definitions={fields} form={form} />
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
  const fields = useContactFields();
  return (
    <Modal opened={opened} onClose={onClose} title={contact ? 'Editar contacto' : 'Añadir contacto'} size="lg" centered>
      {/* Keyed by the fields too: when they arrive (or an admin changes them), the form is built again with their inputs. */}
      {opened ? (
        <ContactForm
          key={`${contact?.id ?? 'new'}:${fields.map((field) => field.key).join()}`}
          leadId={leadId}
          contact={contact}
          first={first}
          fields={fields}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}
