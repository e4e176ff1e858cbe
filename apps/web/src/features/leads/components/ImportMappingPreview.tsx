/**
 * The preview and mapping step of 'Importar Leads': the file's first 20 rows under its own
 * headers, each header with the field it feeds (guessed by the server, changeable here), rows
 * that would be skipped highlighted with their reason, recomputed as the mapping changes.
 */
import {
  IMPORT_FIELDS,
  type ImportField,
  type ImportJobPreview,
  type ImportMapping,
  type LeadCategory,
  cellsOf,
  checkImportRow,
  formatCount,
} from '@crm/domain';
import { Alert, Badge, Group, ScrollArea, Select, Table, Text } from '@mantine/core';
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
const FIELD_OPTIONS = [
  { value: SKIP, label: 'No importar' },
  ...IMPORT_FIELDS.map((field) => ({ value: field, label: IMPORT_FIELD_LABELS[field] })),
];

function fieldOfColumn(mapping: ImportMapping, column: number): ImportField | undefined {
  return IMPORT_FIELDS.find((field) => mapping[field] === column);
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
}: {
  preview: ImportJobPreview;
  mapping: ImportMapping;
  category: LeadCategory | null;
  onMappingChange: (mapping: ImportMapping) => void;
}) {
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
                    data={FIELD_OPTIONS}
                    value={fieldOfColumn(mapping, index) ?? SKIP}
                    allowDeselect={false}
                    onChange={(value) => onMappingChange(remap(mapping, index, value === SKIP ? undefined : (value as ImportField)))}
                    comboboxProps={{ withinPortal: true }}
                  />
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
