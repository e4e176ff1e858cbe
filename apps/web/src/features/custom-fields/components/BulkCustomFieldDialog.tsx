/** Bulk 'Editar campo': one custom field set to one value on every selected lead (empty clears it), checked as a single edit. */
import type { CustomFieldDefinition } from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { type CustomFieldInputs as Inputs, customFieldErrors, inputValuesOf } from '../hooks/custom-field-form';
import { useLeadFields } from '../hooks/useCustomFields';
import { CustomFieldInput } from './CustomFieldInputs';

interface Props {
  opened: boolean;
  count: string;
  pending: boolean;
  onRun: (choice: { customField: { key: string; value: unknown } }) => void;
  onClose: () => void;
}

function ValueForm({ field, count, pending, onRun, onClose }: Omit<Props, 'opened'> & { field: CustomFieldDefinition }) {
  const form = useForm<{ customFields: Inputs }>({
    initialValues: { customFields: inputValuesOf([field]) },
    // A clearing value is allowed here (it is what 'vaciar' means) unless the field is required.
    validate: (values) => customFieldErrors([field], 'update', values.customFields),
  });
  const submit = form.onSubmit((values) => {
    const input = values.customFields[field.key];
    const empty = input === '' || (Array.isArray(input) && input.length === 0);
    onRun({ customField: { key: field.key, value: empty ? null : input } });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <CustomFieldInput definition={field} form={form} />
        <Text size="sm" c="dimmed">
          {`Se aplicará a ${count}. Vacío lo borra.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            Aplicar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function BulkCustomFieldDialog({ opened, count, pending, onRun, onClose }: Props) {
  const fields = useLeadFields();
  const [key, setKey] = useState<string | null>(null);
  const field = fields.find((item) => item.key === key);
  return (
    <Modal opened={opened} onClose={onClose} title="Editar campo" centered>
      <Stack>
        <Select
          label="Campo"
          placeholder="Elige un campo"
          data={fields.map((item) => ({ value: item.key, label: item.label }))}
          value={key}
          onChange={setKey}
          comboboxProps={{ withinPortal: true }}
        />
        {field ? <ValueForm key={field.key} field={field} count={count} pending={pending} onRun={onRun} onClose={onClose} /> : null}
      </Stack>
    </Modal>
  );
}
