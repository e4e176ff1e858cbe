/**
 * The preview and mapping step of 'Importar Leads': the file's first 20 rows under its own
 * headers, each header with the field it feeds (guessed by the server, changeable here), rows
 * that would be skipped highlighted with their reason, recomputed as the mapping changes.
 */
import {
  CUSTOM_FIELD_TYPES,
  CUSTOM_FIELD_TYPE_LABELS,
  type CustomFieldDefinition,
  IMPORT_FIELDS,
  type ImportField,
  type ImportJobPreview,
  type ImportMapping,
  type LeadCategory,
  cellsOf,
  checkImportRow,
  formatCount,
} from '@crm/domain';
import { Alert, Badge, Group, ScrollArea, Select, Table, Text, TextInput } from '@mantine/core';
import { type CustomColumnChoice, type CustomColumnChoices, newFieldChoice, setChoice } from '../../custom-fields/hooks/import-columns';
import { IconAlertTriangle } from '@tabler/icons-react';
import classes from './ImportMappingPreview.module.css';

const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Nombre',
  categoryName: 'Categoría',
  email: 'Email',
  phone: 'Teléfono',
  address: 'Dirección',
  domain: 'Web',
  description: 'Descripción',
  contactName: 'Contacto: nombre',
  contactCargo: 'Contacto: cargo',
  contactEmail: 'Contacto: email',
  contactPhone: 'Contacto: teléfono',
};

const SKIP = 'none';
const NEW_FIELD = 'nuevo-campo';
const CUSTOM_PREFIX = 'cf:';
const NEW_TYPE_OPTIONS = CUSTOM_FIELD_TYPES.filter((type) => type !== 'multi_select').map((type) => ({
  value: type,
  label: CUSTOM_FIELD_TYPE_LABELS[type],
}));

/** 'No importar', the lead's own fields, the team's custom fields, and '+ Crear campo' for an admin. */
function fieldOptions(fields: readonly CustomFieldDefinition[], canCreate: boolean) {
  return [
    { value: SKIP, label: 'No importar' },
    { group: 'Campos del lead', items: IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })) },
    ...(fields.length > 0
      ? [{ group: 'Campos personalizados', items: fields.map((field) => ({ value: `${CUSTOM_PREFIX}${field.key}`, label: field.label })) }]
      : []),
    ...(canCreate ? [{ group: 'Nuevo', items: [{ value: NEW_FIELD, label: '+ Crear campo' }] }] : []),
  ];
}

function fieldOfColumn(mapping: ImportMapping, column: number): ImportField | undefined {
  return IMPORT_FIELDS.find((field) => mapping[field] === column);
}

function selectedValue(mapping: ImportMapping, choice: CustomColumnChoice | undefined, column: number): string {
  if (choice?.kind === 'field') return `${CUSTOM_PREFIX}${choice.key}`;
  if (choice?.kind === 'new') return NEW_FIELD;
  return fieldOfColumn(mapping, column) ?? SKIP;
}

/** The custom mapping the preview edits beside the built-in one. */
export interface CustomColumns {
  fields: readonly CustomFieldDefinition[];
  canCreate: boolean;
  choices: CustomColumnChoices;
  onChange: (choices: CustomColumnChoices) => void;
}

/** '+ Crear campo' chosen: the new field's name and type, under the column's select. */
function NewFieldInputs({
  column,
  choice,
  onChange,
}: {
  column: string;
  choice: CustomColumnChoice & { kind: 'new' };
  onChange: (choice: CustomColumnChoice) => void;
}) {
  return (
    <>
      <TextInput
        size="xs"
        mt={4}
        aria-label={`Nombre del campo nuevo de la columna ${column}`}
        value={choice.label}
        onChange={(event) => onChange({ ...choice, label: event.currentTarget.value })}
      />
      <Select
        size="xs"
        mt={4}
        aria-label={`Tipo del campo nuevo de la columna ${column}`}
        data={NEW_TYPE_OPTIONS}
        value={choice.type}
        allowDeselect={false}
        onChange={(type) => type && onChange({ ...choice, type })}
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

/** Gives `column` to `field` (or to nothing); a field feeds from one column, so its previous column is left unmapped. */
export function remap(mapping: ImportMapping, column: number, field: ImportField | undefined): ImportMapping {
  const next: ImportMapping = {};
  for (const key of IMPORT_FIELDS) {
    const index = mapping[key];
    if (index !== undefined && index !== column && key !== field) next[key] = index;
  }
  if (field) next[field] = column;
  return next;
}

export function ImportMappingPreview({
  preview,
  mapping,
  category,
  onMappingChange,
  custom,
}: {
  preview: ImportJobPreview;
  mapping: ImportMapping;
  category: LeadCategory | null;
  onMappingChange: (mapping: ImportMapping) => void;
  custom?: CustomColumns;
}) {
  const options = fieldOptions(custom?.fields ?? [], custom?.canCreate ?? false);
  /** A column feeds one thing: a built-in field, a custom one, a new one, or nothing. */
  const choose = (column: number, value: string) => {
    const builtIn = (IMPORT_FIELDS as readonly string[]).includes(value) ? (value as ImportField) : undefined;
    onMappingChange(remap(mapping, column, builtIn));
    if (!custom) return;
    let choice: CustomColumnChoice | undefined;
    if (value === NEW_FIELD) choice = newFieldChoice(preview, column);
    else if (value.startsWith(CUSTOM_PREFIX)) choice = { kind: 'field', key: value.slice(CUSTOM_PREFIX.length) };
    custom.onChange(setChoice(custom.choices, column, choice));
  };
  const rows = preview.preview.map((row) => {
    const check = checkImportRow(cellsOf(row.cells, mapping), category ?? undefined);
    return { ...row, problem: 'problem' in check ? check.problem : null };
  });
  const withProblems = rows.filter((row) => row.problem !== null).length;
  return (
    <>
      {mapping.name === undefined ? (
        <Alert color="red" icon={<IconAlertTriangle />} p="xs">
          Elige qué columna lleva el nombre del lead.
        </Alert>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          Vista previa (primeras {rows.length} filas)
        </Text>
        {withProblems > 0 ? (
          <Badge color="red" variant="light">
            {formatCount(withProblems, 'fila con problemas', 'filas con problemas')}
          </Badge>
        ) : null}
      </Group>
      <ScrollArea type="auto" offsetScrollbars className={classes.scroller} data-testid="import-preview">
        <Table withTableBorder withColumnBorders striped={false} fz="xs" className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fila</Table.Th>
              <Table.Th>Problema</Table.Th>
              {preview.columns.map((column, index) => (
                <Table.Th key={index} className={classes.column}>
                  <Text size="xs" fw={700} truncate title={column}>
                    {column || `Columna ${index + 1}`}
                  </Text>
                  <Select
                    size="xs"
                    mt={4}
                    aria-label={`Campo de la columna ${column || index + 1}`}
                    data={options}
                    value={selectedValue(mapping, custom?.choices[index], index)}
                    allowDeselect={false}
                    onChange={(value) => choose(index, typeof value === 'string' ? value : SKIP)}
                    comboboxProps={{ withinPortal: true }}
                  />
                  {custom?.choices[index]?.kind === 'new' ? (
                    <NewFieldInputs
                      column={column || String(index + 1)}
                      choice={custom.choices[index]}
                      onChange={(choice) => custom.onChange(setChoice(custom.choices, index, choice))}
                    />
                  ) : null}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.row} className={row.problem ? classes.problem : undefined} data-problem={row.problem ? 'true' : undefined}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td className={classes.reason}>{row.problem ?? ''}</Table.Td>
                {preview.columns.map((_column, index) => (
                  <Table.Td key={index} className={classes.cell}>
                    {row.cells[index] ?? ''}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </>
  );
}
