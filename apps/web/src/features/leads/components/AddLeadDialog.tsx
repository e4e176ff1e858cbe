/** 'Agregar Nuevo Lead': validated by the same schema as the API; 'Creando...' while saving. */
import { type CustomFieldDefinition, FORM_CATEGORY_OPTIONS, createLeadSchema } from '@crm/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { existingLeadOf } from '../../../lib/duplicate-lead';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamPhoneFormat } from '../../../lib/phone-format';
import { useLeadWritten } from '../hooks/lead-events';
import { AssigneePicker } from './AssigneePicker';
import { DuplicateLeadAlert } from './DuplicateLeadAlert';
import { CustomFieldInputs } from '../../custom-fields/components/CustomFieldInputs';
import {
  type CustomFieldInputs as CustomInputs,
  customFieldErrors,
  inputValuesOf,
  payloadOf,
} from '../../custom-fields/hooks/custom-field-form';
import { useLeadFields } from '../../custom-fields/hooks/useCustomFields';

interface NewLeadValues {
  name: string;
  category: string;
  email: string;
  phone: string;
  description: string;
  assignedTo: string | null;
  /** 'Asignar automáticamente': the role whose rule picks the seller. */
  autoAssignRoleId: string | null;
  customFields: CustomInputs;
}

const EMPTY: NewLeadValues = {
  name: '',
  category: '',
  email: '',
  phone: '',
  description: '',
  assignedTo: null,
  autoAssignRoleId: null,
  customFields: {},
};

const validateLead = schemaResolver(createLeadSchema, { sync: true });

export function AddLeadDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const fields = useLeadFields();
  return (
    <Modal opened={opened} onClose={onClose} title="Agregar Nuevo Lead" size="lg" centered>
      {/* Each opening starts empty. Keyed by the fields: when they arrive (or an admin changes them),
          the form is built again with their inputs rather than patched from an effect. */}
      {opened ? <AddLeadForm key={fields.map((field) => field.key).join()} fields={fields} onDone={onClose} /> : null}
    </Modal>
  );
}

function AddLeadForm({ fields, onDone }: { fields: CustomFieldDefinition[]; onDone: () => void }) {
  const trpc = useTRPC();
  const written = useLeadWritten();
  const phonePlaceholder = useTeamPhoneFormat().placeholder();
  const form = useForm<NewLeadValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY, customFields: inputValuesOf(fields) },
    validate: (values) => ({
      ...validateLead({ ...values, customFields: payloadOf(fields, values.customFields) }),
      ...customFieldErrors(fields, 'create', values.customFields),
    }),
  });
  const create = useMutation(
    trpc.leads.create.mutationOptions({
      onSuccess: (lead) => {
        notifySuccess('Lead creado', `${lead.name} se agregó a los leads activos.`);
        onDone();
        written(lead, 'created');
      },
      onError: (error) => {
        // A duplicate is shown in the dialog, with the way to the existing lead.
        if (!existingLeadOf(error))
          notifyError('No se pudo crear el lead. Intenta nuevamente.', serverMessage(error, 'Error al crear lead'));
      },
    }),
  );

  const duplicate = existingLeadOf(create.error);

  const submit = form.onSubmit((values) => {
    const parsed = createLeadSchema.safeParse({ ...values, customFields: payloadOf(fields, values.customFields) });
    if (parsed.success) create.mutate(parsed.data);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nombre" placeholder="Nombre del lead o empresa" withAsterisk {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Categoría"
            placeholder="Selecciona una categoría"
            data={FORM_CATEGORY_OPTIONS}
            withAsterisk
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('category')}
          />
          <TextInput
            label="Email"
            description="Un email o un teléfono"
            placeholder="correo@empresa.com"
            type="email"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <TextInput label="Teléfono" placeholder={`Ej. ${phonePlaceholder}`} type="tel" {...form.getInputProps('phone')} />
        <Textarea
          label="Descripción"
          placeholder="¿Qué necesita este lead?"
          autosize
          minRows={3}
          maxRows={6}
          withAsterisk
          {...form.getInputProps('description')}
        />
        <AssigneePicker
          category={form.values.category}
          value={form.values.assignedTo}
          onChange={(value) => form.setFieldValue('assignedTo', value)}
          autoRoleId={form.values.autoAssignRoleId}
          onAutoRoleChange={(roleId) => form.setFieldValue('autoAssignRoleId', roleId)}
          error={form.errors.assignedTo}
        />
        <CustomFieldInputs definitions={fields} form={form} />
        {duplicate ? <DuplicateLeadAlert lead={duplicate} message={serverMessage(create.error, '')} onOpen={onDone} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creando...' : 'Crear Lead'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
