/** The working edit dialog ('Editar Lead') for admin and manager: every field of the lead and its status. */
import {
  LEAD_CATEGORY_OPTIONS,
  LEAD_STATUS_OPTIONS,
  type LeadListItem,
  canBeMarkedContacted,
  clearedRequiredField,
  isLeadCategory,
  updateLeadSchema,
} from '@crm/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { existingLeadOf } from '../../../lib/duplicate-lead';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamPhoneFormat } from '../../../lib/phone-format';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { useLeadWritten } from '../hooks/lead-events';
import { UNASSIGNED, useTeamOptions } from '../hooks/useTeamOptions';
import { CustomFieldInputs } from '../../custom-fields/components/CustomFieldInputs';
import {
  type CustomFieldInputs as CustomInputs,
  customFieldErrors,
  inputValuesOf,
  payloadOf,
} from '../../custom-fields/hooks/custom-field-form';
import { useLeadFields } from '../../custom-fields/hooks/useCustomFields';
import type { CustomFieldDefinition } from '@crm/domain';
import { DealFields, amountFromInput } from './DealFields';
import { DuplicateLeadAlert } from './DuplicateLeadAlert';

interface EditLeadValues {
  name: string;
  category: string;
  status: string;
  email: string;
  phone: string;
  description: string;
  address: string;
  domain: string;
  assignedTo: string;
  customFields: CustomInputs;
  amount: string;
  expectedCloseDate: string;
  lostReason: string;
}

function valuesOf(lead: LeadListItem, fields: readonly CustomFieldDefinition[]): EditLeadValues {
  return {
    customFields: inputValuesOf(fields, lead.customFields),
    name: lead.name,
    // An unknown stored category reads as Tecnología; saving writes that reading.
    category: isLeadCategory(lead.category) ? lead.category : 'tecnologia',
    status: lead.status,
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    description: lead.description ?? '',
    address: lead.address ?? '',
    domain: lead.domain ?? '',
    assignedTo: lead.assignedTo === null ? UNASSIGNED : String(lead.assignedTo),
    amount: lead.amount ?? '',
    expectedCloseDate: lead.expectedCloseDate ?? '',
    lostReason: lead.lostReason ?? '',
  };
}

/** Contactado is reached only by marking the lead, so it is offered only while the lead may be marked (or already is). */
function statusOptionsFor(lead: LeadListItem) {
  return LEAD_STATUS_OPTIONS.filter(
    (option) => option.value !== 'contactado' || lead.status === 'contactado' || canBeMarkedContacted(lead),
  );
}

/**
 * The select's 'Sin asignar' is null to the API; an amount typed the Spanish way ('1500,50') is sent
 * with a point; the lost reason only goes with 'perdido' (asked then, never required); the custom
 * inputs become the values the API reads.
 */
function toPayload(values: EditLeadValues, fields: readonly CustomFieldDefinition[], lead: LeadListItem) {
  return {
    ...values,
    assignedTo: values.assignedTo === UNASSIGNED ? null : values.assignedTo,
    amount: amountFromInput(values.amount),
    lostReason: values.status === 'perdido' ? values.lostReason : undefined,
    customFields: payloadOf(fields, values.customFields, lead.customFields),
  };
}

const validatePayload = schemaResolver(updateLeadSchema, { sync: true });

/**
 * The schema's rules, the custom fields' (checked by the API's builder), then the one the schema
 * cannot know alone: an email or description the lead has may not be emptied.
 */
function validateFor(lead: LeadListItem, fields: readonly CustomFieldDefinition[]) {
  return (values: EditLeadValues) => {
    const payload = toPayload(values, fields, lead);
    const errors = { ...validatePayload(payload), ...customFieldErrors(fields, 'update', values.customFields, lead.customFields) };
    const parsed = updateLeadSchema.safeParse(payload);
    const cleared = parsed.success ? clearedRequiredField(lead, parsed.data) : null;
    return cleared ? { ...errors, [cleared.field]: cleared.message } : errors;
  };
}

function EditLeadForm({ lead, fields, onClose }: { lead: LeadListItem; fields: readonly CustomFieldDefinition[]; onClose: () => void }) {
  const trpc = useTRPC();
  const written = useLeadWritten();
  const { settings } = useTeamFormat();
  const phonePlaceholder = useTeamPhoneFormat().placeholder();
  const form = useForm<EditLeadValues>({
    initialValues: valuesOf(lead, fields),
    validate: validateFor(lead, fields),
  });
  const update = useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: (updated) => {
        notifySuccess('Lead actualizado');
        onClose();
        written(updated);
      },
      onError: (error) => {
        if (!existingLeadOf(error)) notifyError('No se pudo actualizar el lead', serverMessage(error, 'Error al actualizar el lead'));
      },
    }),
  );
  const teamOptions = useTeamOptions();
  const duplicate = existingLeadOf(update.error);

  const submit = form.onSubmit((values) => {
    const parsed = updateLeadSchema.safeParse(toPayload(values, fields, lead));
    if (parsed.success) update.mutate({ id: lead.id, data: parsed.data });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Categoría"
            data={LEAD_CATEGORY_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category')}
          />
          <Select
            label="Estado"
            data={statusOptionsFor(lead)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('status')}
          />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          <TextInput label="Teléfono" type="tel" placeholder={`Ej. ${phonePlaceholder}`} {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Textarea label="Descripción" autosize minRows={3} maxRows={6} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Dirección" {...form.getInputProps('address')} />
          <TextInput label="Sitio web" {...form.getInputProps('domain')} />
        </SimpleGrid>
        <DealFields form={form} currency={lead.currency ?? settings.currency} lost={form.values.status === 'perdido'} />
        <Select
          label="Asignado a"
          data={teamOptions}
          allowDeselect={false}
          searchable
          nothingFoundMessage="Sin resultados"
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('assignedTo')}
        />
        <CustomFieldInputs definitions={fields} form={form} />
        {duplicate ? (
          <DuplicateLeadAlert lead={duplicate} message={serverMessage(update.error, '')} onOpen={onClose} editedLeadId={lead.id} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EditLeadDialog({ lead, opened, onClose }: { lead: LeadListItem | null; opened: boolean; onClose: () => void }) {
  const fields = useLeadFields();
  return (
    <Modal opened={opened} onClose={onClose} title="Editar Lead" size="lg" centered>
      {/* Keyed by the fields too: the form starts again with their inputs once they load. */}
      {lead ? <EditLeadForm key={`${lead.id}:${fields.length}`} lead={lead} fields={fields} onClose={onClose} /> : null}
    </Modal>
  );
}
