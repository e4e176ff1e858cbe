/**
 * One record of an import file → the lead it describes, or the Spanish reason it is skipped.
 * The importer and the dialog's preview both use it, so the preview shows the problem the run will report.
 */
import type { ImportField, ImportMapping } from '../schemas/import-job.js';
import { type ImportedLead, importedLeadSchema } from '../schemas/lead.js';
import { CUSTOM_FIELD_LIMITS, parseCustomFieldValue } from '../custom-fields/parse-value.js';
import type { CustomFieldDefinition, CustomFieldValues } from '../custom-fields/types.js';

type ImportColumn = ImportField;
export type ImportCells = Partial<Record<ImportColumn, string>>;

/** How a row error names each field. */
const FIELD_LABELS: Partial<Record<ImportColumn, string>> = {
  name: 'el nombre',
  description: 'la descripción',
  phone: 'el teléfono',
  address: 'la dirección',
  domain: 'el dominio',
  contactName: 'el nombre del contacto',
  contactCargo: 'el cargo del contacto',
  contactPhone: 'el teléfono del contacto',
};

/** The record's cells by column, trimmed; empty cells are left out. */
export function cellsOf(record: readonly string[], mapping: ImportMapping): ImportCells {
  const cells: ImportCells = {};
  for (const [column, index] of Object.entries(mapping) as [ImportColumn, number | undefined][]) {
    // A UTF-16 file may carry U+0000, which PostgreSQL text cannot store: it is dropped.
    if (index === undefined) continue;
    const value = record[index]?.replaceAll('\u0000', '').trim();
    if (value) cells[column] = value;
  }
  return cells;
}

export type RowCheck = { lead: ImportedLead; categoryName: string } | { problem: string };

/** `categoryForAll`: the category chosen for every row of a file without a category column. */
export function checkImportRow(cells: ImportCells, categoryForAll?: string): RowCheck {
  if (categoryForAll !== undefined) cells = { ...cells, categoryName: categoryForAll };
  const parsed = importedLeadSchema.safeParse(cells);
  if (parsed.success) return { lead: parsed.data, categoryName: cells.categoryName ?? '' };
  const issue = parsed.error.issues[0];
  const column = issue?.path[0] as ImportColumn | undefined;
  if (column === 'email') return { problem: `email inválido (${(cells.email ?? '').slice(0, 80)})` };
  if (column === 'contactEmail') return { problem: `email del contacto inválido (${(cells.contactEmail ?? '').slice(0, 80)})` };
  const label = column && FIELD_LABELS[column];
  if (issue?.code === 'too_big' && label) return { problem: `${label} supera los ${String(issue.maximum)} caracteres` };
  return { problem: issue?.message ?? 'fila inválida' };
}

/** A column of the file that fills a custom field, as the import's settings carry it. */
export interface ImportCustomColumn {
  column: number;
  definition: CustomFieldDefinition;
  /** A select this import created: a value it does not know yet becomes one of its options. */
  growOptions: boolean;
}

/**
 * The row's custom values, or why the row is skipped. `spellings` keeps, per grown select, the
 * first spelling of each new value, so 'madrid' and 'Madrid' in one file become one option.
 */
export function importCustomValues(
  record: readonly string[],
  columns: readonly ImportCustomColumn[],
  spellings: Map<string, Map<string, string>>,
): { values: CustomFieldValues } | { problem: string } {
  const values: CustomFieldValues = {};
  for (const { column, definition, growOptions } of columns) {
    const cell = record[column]?.replaceAll('\u0000', '').trim() ?? '';
    if (!cell) continue;
    const parsed = parseCustomFieldValue(definition, cell);
    if ('value' in parsed) {
      if (parsed.value !== null) values[definition.key] = parsed.value;
      continue;
    }
    if (growOptions && definition.type === 'select' && cell.length <= CUSTOM_FIELD_LIMITS.optionLength) {
      const known = spellings.get(definition.key) ?? new Map<string, string>();
      spellings.set(definition.key, known);
      const spelling = known.get(cell.toLowerCase()) ?? cell;
      known.set(cell.toLowerCase(), spelling);
      values[definition.key] = spelling;
      continue;
    }
    return { problem: `«${definition.label}»: ${parsed.error} (${cell.slice(0, 80)})` };
  }
  return { values };
}
