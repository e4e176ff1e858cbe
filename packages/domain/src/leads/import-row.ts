/**
 * One record of an import file → the lead it describes, or the Spanish reason it is skipped.
 * The importer and the dialog's preview both use it, so the preview shows the problem the run will report.
 */
import type { ImportField, ImportMapping } from '../schemas/import-job.js';
import { type ImportedLead, importedLeadSchema } from '../schemas/lead.js';

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
