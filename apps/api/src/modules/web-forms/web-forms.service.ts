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
  DomainError,
  type UpdateWebForm,
  WEB_FORM_LIMITS,
  type WebForm,
  type WebFormSubmissionPage,
  type WebFormSubmissionsQuery,
  slugFromName,
} from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { ROLE_NOT_FOUND } from '../custom-roles/custom-roles.service.js';

const WEB_FORM_NOT_FOUND = 'Formulario no encontrado';
const SLUG_TAKEN = 'Ya existe un formulario con esa dirección';

export async function listForms(ctx: ServiceContext): Promise<WebForm[]> {
  requirePermission(ctx, 'webForm.manage');
  return listWebForms(ctx.db);
}

export async function getForm(ctx: ServiceContext, id: number): Promise<WebForm> {
  requirePermission(ctx, 'webForm.manage');
  return formOrThrow(ctx.db, id);
}

async function formOrThrow(db: DbOrTrx, id: number): Promise<WebForm> {
  const form = await findWebForm(db, id);
  if (!form) throw new DomainError('NOT_FOUND', WEB_FORM_NOT_FOUND);
  return form;
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
  return formOrThrow(ctx.db, id);
}

export async function editForm(ctx: ServiceContext, input: UpdateWebForm): Promise<WebForm> {
  requirePermission(ctx, 'webForm.manage');
  const { id, ...changes } = input;
  await assertRoleExists(ctx.db, changes.roleId);
  const updated = await refusingTakenSlug(() => updateWebForm(ctx.db, id, changes));
  if (!updated) throw new DomainError('NOT_FOUND', WEB_FORM_NOT_FOUND);
  return formOrThrow(ctx.db, id);
}

/** The form and its submission log go; the leads it brought stay. */
export async function removeForm(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'webForm.manage');
  if (!(await deleteWebForm(ctx.db, id))) throw new DomainError('NOT_FOUND', WEB_FORM_NOT_FOUND);
  return { id };
}

export async function listFormSubmissions(ctx: ServiceContext, query: WebFormSubmissionsQuery): Promise<WebFormSubmissionPage> {
  requirePermission(ctx, 'webForm.manage');
  await formOrThrow(ctx.db, query.id);
  return listWebFormSubmissions(ctx.db, query.id, { before: query.cursor, limit: query.limit ?? 50 });
}
