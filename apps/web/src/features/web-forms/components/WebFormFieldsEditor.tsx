/**
 * The form builder's 'Campos del formulario': the fields the form asks, in order — the lead's own,
 * the primary contact's and the team's active lead custom fields — each required or optional, with
 * up, down and remove, and 'Añadir campo' for the ones not on the form yet.
 */
import {
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomFieldDefinition,
  WEB_FORM_CONTACT_FIELDS,
  WEB_FORM_FIELDS,
  WEB_FORM_FIELD_LABELS,
  type WebFormField,
  type WebFormFieldSetting,
  customFieldKeyOf,
  customFormField,
  formFieldDefinition,
  isContactField,
  webFormFieldLabel,
} from '@crm/domain';
import { ActionIcon, Badge, Fieldset, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';

interface Props {
  value: WebFormFieldSetting[];
  onChange: (fields: WebFormFieldSetting[]) => void;
  error: string | undefined;
  /** The team's active lead custom fields; undefined while they load. */
  definitions: CustomFieldDefinition[] | undefined;
  definitionsFailed: boolean;
}

/** What kind of field a row is, as its badge says. */
function kindOf(field: WebFormField, definitions: readonly CustomFieldDefinition[]): string {
  const definition = formFieldDefinition(field, definitions);
  if (definition) return `Personalizado · ${CUSTOM_FIELD_TYPE_LABELS[definition.type]}`;
  if (customFieldKeyOf(field) !== undefined) return 'Personalizado';
  return isContactField(field) ? 'Contacto' : 'Lead';
}

/** 'Añadir campo': the fields not on the form yet, by group. */
function addableGroups(shown: ReadonlySet<WebFormField>, definitions: readonly CustomFieldDefinition[]) {
  const option = (field: WebFormField) => ({ value: field, label: webFormFieldLabel(field, definitions) });
  return [
    { group: 'Datos del lead', items: WEB_FORM_FIELDS.filter((field) => !shown.has(field)).map(option) },
    { group: 'Persona de contacto', items: WEB_FORM_CONTACT_FIELDS.filter((field) => !shown.has(field)).map(option) },
    {
      group: 'Campos personalizados',
      items: definitions
        .map((definition) => customFormField(definition.key))
        .filter((field) => !shown.has(field))
        .map(option),
    },
  ].filter((group) => group.items.length > 0);
}

export function WebFormFieldsEditor({ value, onChange, error, definitions, definitionsFailed }: Props) {
  const known = definitions ?? [];
  // The picker empties after each choice, ready for the next field.
  const [search, setSearch] = useState('');
  const shown = new Set(value.map((setting) => setting.field));
  const groups = addableGroups(shown, known);
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  };
  const add = (field: string | null) => {
    if (!field) return;
    setSearch('');
    const added = field as WebFormField;
    // A custom field the team requires starts required here too; the form decides.
    onChange([...value, { field: added, required: formFieldDefinition(added, known)?.required ?? false }]);
  };

  return (
    <Fieldset legend="Campos del formulario">
      <Stack gap="xs">
        {value.map((setting, index) => {
          const label = webFormFieldLabel(setting.field, known);
          const fixed = setting.field === 'name';
          return (
            <Paper key={setting.field} withBorder p="xs" data-testid="web-form-field">
              <Group justify="space-between" gap="xs">
                <Stack gap={2} style={{ flex: '1 1 160px', minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {label}
                  </Text>
                  <Badge variant="light" color={isContactField(setting.field) ? 'teal' : 'gray'} size="sm">
                    {kindOf(setting.field, known)}
                  </Badge>
                </Stack>
                <Group gap={6} wrap="nowrap">
                  <Switch
                    label="Obligatorio"
                    aria-label={`${label} obligatorio`}
                    disabled={fixed}
                    checked={setting.required}
                    onChange={(event) => {
                      const required = event.currentTarget.checked;
                      onChange(value.map((other) => (other.field === setting.field ? { ...other, required } : other)));
                    }}
                  />
                  <ActionIcon variant="default" aria-label={`Subir ${label}`} disabled={index === 0} onClick={() => move(index, -1)}>
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Bajar ${label}`}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Quitar ${label}`}
                    disabled={fixed}
                    onClick={() => onChange(value.filter((other) => other.field !== setting.field))}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          );
        })}
        {error ? (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <Select
          label="Añadir campo"
          placeholder={groups.length > 0 ? 'Elige un campo' : 'Todos los campos están en el formulario'}
          data={groups}
          value={null}
          onChange={add}
          searchValue={search}
          onSearchChange={setSearch}
          disabled={groups.length === 0}
          searchable
          nothingFoundMessage="Ningún campo coincide"
          description={
            definitions === undefined && !definitionsFailed
              ? 'Cargando los campos personalizados…'
              : known.length === 0 && !definitionsFailed
                ? 'Los campos personalizados del lead se crean en Configuración → Campos personalizados'
                : undefined
          }
        />
        {definitionsFailed ? (
          <Text size="sm" c="red.8" role="alert">
            No se pudieron cargar los campos personalizados: recarga la página para añadirlos.
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {`${WEB_FORM_FIELD_LABELS.name} va siempre y es obligatorio. Si el email o teléfono ya es de un lead, el envío se añade a ese lead.`}
        </Text>
      </Stack>
    </Fieldset>
  );
}
