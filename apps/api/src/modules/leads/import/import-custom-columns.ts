/**
 * The custom fields an import fills, resolved when the job starts: columns mapped to existing
 * fields, columns for which '＋ Crear campo' defines a field now (admins only, like any field), and
 * the category column's own text, kept in 'Categoría original' so 'Hostelería' is never lost in
 * 'Otros' (docs/custom-fields.md, 'Importar').
 */
import {
  type CustomFieldDefinition,
  DomainError,
  type ImportCustomColumn,
  type ImportJobStart,
  type ImportMapping,
  UNKNOWN_CUSTOM_FIELD,
} from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { requirePermission } from '../../../require-permission.js';
import { defineField, leadFieldDefinitions } from '../../custom-fields/custom-fields.service.js';

const ORIGINAL_CATEGORY = { key: 'categoria_original', label: 'Categoría original' } as const;
const NEW_FIELDS_FORBIDDEN = 'Solo un administrador puede crear campos personalizados';
const COLUMN_MISSING = 'La asignación usa una columna que el archivo no tiene';
const MULTI_SELECT_ELSEWHERE = 'Una selección múltiple se define en Configuración → Campos personalizados, con sus opciones';

const isOriginalCategory = (field: CustomFieldDefinition) =>
  field.key === ORIGINAL_CATEGORY.key && field.type === 'text' && !field.archived;

/**
 * The text field that keeps the category column's text: the one already defined, or a new one.
 * Two imports starting at once may both find none: the one whose definition loses on the unique
 * key uses the field the other defined.
 */
async function originalCategoryField(ctx: ServiceContext, definitions: readonly CustomFieldDefinition[]): Promise<CustomFieldDefinition> {
  const existing = definitions.find(isOriginalCategory);
  if (existing) return existing;
  try {
    return await defineField(ctx, { entity: 'lead', label: ORIGINAL_CATEGORY.label, type: 'text', options: [], required: false });
  } catch (error) {
    const defined =
      error instanceof DomainError && error.code === 'CONFLICT' ? (await leadFieldDefinitions(ctx)).find(isOriginalCategory) : undefined;
    if (!defined) throw error;
    return defined;
  }
}

export async function resolveCustomColumns(
  ctx: ServiceContext,
  settings: ImportJobStart,
  mapping: ImportMapping,
  columnCount: number,
): Promise<ImportCustomColumn[]> {
  const definitions = await leadFieldDefinitions(ctx);
  const columns: ImportCustomColumn[] = [];
  const checkColumn = (column: number) => {
    if (column >= columnCount) throw new DomainError('BAD_REQUEST', COLUMN_MISSING);
  };
  for (const [key, column] of Object.entries(settings.customMapping ?? {})) {
    const definition = definitions.find((field) => field.key === key && !field.archived);
    if (!definition) throw new DomainError('BAD_REQUEST', `${UNKNOWN_CUSTOM_FIELD}: ${key}`);
    checkColumn(column);
    columns.push({ column, definition, growOptions: false });
  }
  const newFields = settings.newFields ?? [];
  if (newFields.length > 0) requirePermission(ctx, 'customField.manage', undefined, NEW_FIELDS_FORBIDDEN);
  for (const field of newFields) {
    checkColumn(field.column);
    if (field.type === 'multi_select') throw new DomainError('BAD_REQUEST', MULTI_SELECT_ELSEWHERE);
    // A select starts empty and takes the file's values as its options when the rows are saved.
    const definition = await defineField(ctx, { entity: 'lead', label: field.label, type: field.type, options: [], required: false });
    columns.push({ column: field.column, definition, growOptions: field.type === 'select' });
  }
  const categoryColumn = mapping.categoryName;
  if (categoryColumn !== undefined && !columns.some((column) => column.column === categoryColumn)) {
    columns.push({ column: categoryColumn, definition: await originalCategoryField(ctx, definitions), growOptions: false });
  }
  return columns;
}
