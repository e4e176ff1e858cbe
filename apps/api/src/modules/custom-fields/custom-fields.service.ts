/**
 * Custom field definitions (docs/custom-fields.md): everyone reads them, an admin defines, edits,
 * reorders and archives them. Archiving never touches a value: the field leaves the forms, lists
 * and filters, and comes back with every value when it is restored.
 */
import {
  UNIQUE_INDEXES,
  customFieldKeyTaken,
  findCustomField,
  insertCustomField,
  listCustomFields,
  moveCustomField,
  uniqueViolationOf,
  updateCustomFieldRow,
} from '@crm/db';
import {
  CHOICE_TYPES,
  type CreateCustomField,
  type CustomFieldDefinition,
  type CustomFieldEntity,
  type CustomFieldValues,
  type CustomFieldsPatch,
  DomainError,
  type UpdateCustomField,
  customFieldsSchema,
  keyFromLabel,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';

const FIELD_NOT_FOUND = 'Campo personalizado no encontrado';
const KEY_TAKEN = 'Ya existe un campo con esa clave (puede estar archivado)';
/** Active fields per entity: each lead field is an index or two on the leads table. */
const MAX_ACTIVE_FIELDS = 50;

export function listFieldDefinitions(
  ctx: ServiceContext,
  query: { entity?: CustomFieldEntity; includeArchived: boolean },
): Promise<CustomFieldDefinition[]> {
  requirePermission(ctx, 'lead.read');
  return listCustomFields(ctx.db, query);
}

/** Every lead field, archived ones too: what lead writes and list filters are checked against. */
export function leadFieldDefinitions(ctx: Pick<ServiceContext, 'db'>): Promise<CustomFieldDefinition[]> {
  return listCustomFields(ctx.db, { entity: 'lead', includeArchived: true });
}

/** Every contact field, archived ones too: what contact writes are checked against. */
export function contactFieldDefinitions(ctx: Pick<ServiceContext, 'db'>): Promise<CustomFieldDefinition[]> {
  return listCustomFields(ctx.db, { entity: 'contact', includeArchived: true });
}

/**
 * A write's custom values checked against its entity's fields (one zod builder, the forms' too): a
 * Spanish 400 naming each refused key. On 'update', `current` is what the record holds.
 */
export function checkedCustomFields(
  definitions: readonly CustomFieldDefinition[],
  mode: 'create' | 'update',
  input: Record<string, unknown> | undefined,
  current?: CustomFieldValues,
): CustomFieldsPatch {
  const parsed = customFieldsSchema(definitions, mode, current).safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: ['customFields', ...issue.path.map(String)], message: issue.message }));
  throw new DomainError('BAD_REQUEST', issues[0]?.message ?? 'Campos personalizados inválidos', issues);
}

/** The label's slug, with _2, _3 … when an earlier field (archived ones too) has it. */
async function freeKey(ctx: ServiceContext, entity: CustomFieldEntity, label: string): Promise<string> {
  const base = keyFromLabel(label);
  for (let suffix = 1; ; suffix += 1) {
    const key = suffix === 1 ? base : `${base.slice(0, 40 - String(suffix).length - 1)}_${String(suffix)}`;
    if (!(await customFieldKeyTaken(ctx.db, entity, key))) return key;
  }
}

function refusingTakenKey<T>(write: () => Promise<T>): Promise<T> {
  return write().catch((error: unknown) => {
    if (uniqueViolationOf(error) === UNIQUE_INDEXES.customFieldKey) throw new DomainError('CONFLICT', KEY_TAKEN);
    throw error;
  });
}

export function createFieldDefinition(ctx: ServiceContext, input: CreateCustomField): Promise<CustomFieldDefinition> {
  requirePermission(ctx, 'customField.manage');
  return defineField(ctx, input);
}

/**
 * A new field, whoever asks: the permission is the caller's to check (an import keeping its
 * category column's text defines 'Categoría original' for a manager too).
 */
export async function defineField(ctx: ServiceContext, input: CreateCustomField): Promise<CustomFieldDefinition> {
  const active = await listCustomFields(ctx.db, { entity: input.entity });
  if (active.length >= MAX_ACTIVE_FIELDS)
    throw new DomainError('CONFLICT', `Máximo ${MAX_ACTIVE_FIELDS} campos activos: archiva alguno primero`);
  const key = input.key ?? (await freeKey(ctx, input.entity, input.label));
  return refusingTakenKey(() =>
    ctx.db.transaction().execute((trx) => insertCustomField(trx, { ...input, key, createdBy: ctx.viewer.user.id })),
  );
}

export async function updateFieldDefinition(ctx: ServiceContext, id: number, input: UpdateCustomField): Promise<CustomFieldDefinition> {
  requirePermission(ctx, 'customField.manage');
  const field = await findCustomField(ctx.db, id);
  if (!field) throw new DomainError('NOT_FOUND', FIELD_NOT_FOUND);
  if (input.options !== undefined && !CHOICE_TYPES.includes(field.type))
    throw new DomainError('BAD_REQUEST', 'Solo las selecciones tienen opciones', [
      { path: ['options'], message: 'Solo las selecciones tienen opciones' },
    ]);
  if (input.options?.length === 0) throw new DomainError('BAD_REQUEST', 'Una selección necesita al menos una opción');
  if (input.archived === false && field.archived) {
    const active = await listCustomFields(ctx.db, { entity: field.entity });
    if (active.length >= MAX_ACTIVE_FIELDS)
      throw new DomainError('CONFLICT', `Máximo ${MAX_ACTIVE_FIELDS} campos activos: archiva alguno primero`);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await updateCustomFieldRow(trx, id, input);
    if (input.position !== undefined) await moveCustomField(trx, field, input.position);
  });
  return (await findCustomField(ctx.db, id)) ?? field;
}

/** DELETE archives: the values stay on every lead, and PUT `{ archived: false }` brings the field back. */
export function archiveFieldDefinition(ctx: ServiceContext, id: number): Promise<CustomFieldDefinition> {
  return updateFieldDefinition(ctx, id, { archived: true });
}
