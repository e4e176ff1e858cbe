/** 'Formularios' (admin, manager): the web forms and their submissions; tRPC and REST call these. */
import { randomBytes } from 'node:crypto';
import {
  type DbOrTrx,
  UNIQUE_INDEXES,
  type WebFormValues,
  deleteWebForm,
  findCustomRoleById,
  findWebForm,
  insertWebForm,
  listWebFormSubmissions,
  listWebForms,
  uniqueViolationOf,
  updateWebForm,
} from '@crm/db';
import {
  type CreateWebForm,
  type CustomFieldDefinition,
  DomainError,
  type UpdateWebForm,
  WEB_FORM_LIMITS,
  type WebForm,
  type WebFormFieldSetting,
  type WebFormSubmissionPage,
  type WebFormSubmissionsQuery,
  customFieldKeyOf,
  formCustomFieldsRefusal,
  slugFromName,
  visibleFormFields,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { leadFieldDefinitions } from '../custom-fields/custom-fields.service.js';
import { ROLE_NOT_FOUND } from '../custom-roles/custom-roles.service.js';

const WEB_FORM_NOT_FOUND = 'Formulario no encontrado';
const SLUG_TAKEN = 'Ya existe un formulario con esa dirección';

/** A form as the admin sees it: a custom field archived since is not among its fields. */
function withVisibleFields(form: WebForm, definitions: readonly CustomFieldDefinition[]): WebForm {
  return { ...form, fields: visibleFormFields(form.fields, definitions) };
}

export async function listForms(ctx: ServiceContext): Promise<WebForm[]> {
  requirePermission(ctx, 'webForm.manage');
  const [forms, definitions] = await Promise.all([listWebForms(ctx.db), leadFieldDefinitions(ctx)]);
  return forms.map((form) => withVisibleFields(form, definitions));
}

export async function getForm(ctx: ServiceContext, id: number): Promise<WebForm> {
  requirePermission(ctx, 'webForm.manage');
  return formOrThrow(ctx, id);
}

async function formOrThrow(ctx: ServiceContext, id: number): Promise<WebForm> {
  const form = await findWebForm(ctx.db, id);
  if (!form) throw new DomainError('NOT_FOUND', WEB_FORM_NOT_FOUND);
  return withVisibleFields(form, await leadFieldDefinitions(ctx));
}

/** The custom fields a form shows must be lead fields, and active. */
async function assertFieldsShowable(ctx: ServiceContext, fields: readonly WebFormFieldSetting[] | undefined): Promise<void> {
  if (!fields?.some((setting) => customFieldKeyOf(setting.field) !== undefined)) return;
  const refusal = formCustomFieldsRefusal(fields, await leadFieldDefinitions(ctx));
  if (refusal) throw new DomainError('BAD_REQUEST', refusal, [{ path: ['fields'], message: refusal }]);
}

async function assertRoleExists(db: DbOrTrx, roleId: number | null | undefined): Promise<void> {
  if (roleId != null && !(await findCustomRoleById(db, roleId))) throw new DomainError('BAD_REQUEST', ROLE_NOT_FOUND);
}

/** A duplicate slug is a 409, whether the check or the unique index finds it. */
async function refusingTakenSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) === UNIQUE_INDEXES.webFormSlug) throw new DomainError('CONFLICT', SLUG_TAKEN);
    throw error;
  }
}

export async function createForm(ctx: ServiceContext, input: CreateWebForm): Promise<WebForm> {
  requirePermission(ctx, 'webForm.manage');
  await assertRoleExists(ctx.db, input.roleId);
  await assertFieldsShowable(ctx, input.fields);
  const { slug, ...settings } = input;
  const values: WebFormValues = { ...settings, slug: slug ?? slugFromName(input.name) };
  const id = await refusingTakenSlug(async () => {
    try {
      return await insertWebForm(ctx.db, values, ctx.viewer.user.id);
    } catch (error) {
      // A slug made from the name that another form has: the same with a short random tail.
      if (slug !== undefined || uniqueViolationOf(error) !== UNIQUE_INDEXES.webFormSlug) throw error;
      const tail = randomBytes(3).toString('hex');
      return insertWebForm(ctx.db, { ...values, slug: `${values.slug.slice(0, WEB_FORM_LIMITS.slug - 7)}-${tail}` }, ctx.viewer.user.id);
    }
  });
  return formOrThrow(ctx, id);
}

export async function editForm(ctx: ServiceContext, input: UpdateWebForm): Promise<WebForm> {
  requirePermission(ctx, 'webForm.manage');
  const { id, ...changes } = input;
  await assertRoleExists(ctx.db, changes.roleId);
  await assertFieldsShowable(ctx, changes.fields);
  const updated = await refusingTakenSlug(() => updateWebForm(ctx.db, id, changes));
  if (!updated) throw new DomainError('NOT_FOUND', WEB_FORM_NOT_FOUND);
  return formOrThrow(ctx, id);
}

/** The form and its submission log go; the leads it brought stay. */
export async function removeForm(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'webForm.manage');
  if (!(await deleteWebForm(ctx.db, id))) throw new DomainError('NOT_FOUND', WEB_FORM_NOT_FOUND);
  return { id };
}

export async function listFormSubmissions(ctx: ServiceContext, query: WebFormSubmissionsQuery): Promise<WebFormSubmissionPage> {
  requirePermission(ctx, 'webForm.manage');
  await formOrThrow(ctx, query.id);
  return listWebFormSubmissions(ctx.db, query.id, { before: query.cursor, limit: query.limit ?? 50 });
}
