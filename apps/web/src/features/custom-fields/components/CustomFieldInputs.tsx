/** The team's custom fields in the create and edit forms: one input per field, of its type, with its error. */
import type { CustomFieldDefinition } from '@crm/domain';
import { Checkbox, MultiSelect, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { CustomFieldInputs as Inputs } from '../hooks/custom-field-form';

/** Any lead form that keeps the custom inputs under `customFields`. */
type FormWithCustom<Values extends { customFields: Inputs }> = UseFormReturnType<Values>;

export function CustomFieldInput<Values extends { customFields: Inputs }>({
  definition,
  form,
}: {
  definition: CustomFieldDefinition;
  form: FormWithCustom<Values>;
}) {
  const path = `customFields.${definition.key}`;
  const common = { label: definition.label, withAsterisk: definition.required };
  switch (definition.type) {
    case 'long_text':
      return <Textarea {...common} autosize minRows={2} maxRows={6} {...form.getInputProps(path)} />;
    case 'select':
      return (
        <Select
          {...common}
          data={definition.options}
          clearable={!definition.required}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps(path)}
          // Cleared is '' in the form (the API's 'no value'), null for the select.
          value={(form.getInputProps(path).value as string) || null}
          onChange={(value: string | null) => {
            const onChange = form.getInputProps(path).onChange as (next: string) => void;
            onChange(value ?? '');
          }}
        />
      );
    case 'multi_select':
      return (
        <MultiSelect {...common} data={definition.options} clearable comboboxProps={{ withinPortal: true }} {...form.getInputProps(path)} />
      );
    case 'checkbox':
      return <Checkbox mt="lg" label={definition.label} {...form.getInputProps(path, { type: 'checkbox' })} />;
    case 'number':
    case 'money':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          placeholder={definition.type === 'money' ? 'Ej. 1.500,00' : undefined}
          {...form.getInputProps(path)}
        />
      );
    case 'date':
      return <TextInput {...common} type="date" {...form.getInputProps(path)} />;
    case 'url':
      return <TextInput {...common} type="url" placeholder="https://" {...form.getInputProps(path)} />;
    case 'email':
      return <TextInput {...common} type="email" {...form.getInputProps(path)} />;
    case 'phone':
      return <TextInput {...common} type="tel" {...form.getInputProps(path)} />;
    case 'text':
      return <TextInput {...common} {...form.getInputProps(path)} />;
  }
}

export function CustomFieldInputs<Values extends { customFields: Inputs }>({
  definitions,
  form,
}: {
  definitions: readonly CustomFieldDefinition[];
  form: FormWithCustom<Values>;
}) {
  if (definitions.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} data-testid="custom-field-inputs">
      {definitions.map((definition) => (
        <CustomFieldInput key={definition.key} definition={definition} form={form} />
      ))}
    </SimpleGrid>
  );
}
