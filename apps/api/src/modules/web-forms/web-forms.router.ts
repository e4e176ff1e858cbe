/** tRPC `webForms` ('Formularios'): list, get, create, update, delete, submissions; admin and manager. */
import { createWebFormSchema, updateWebFormSchema, webFormIdSchema, webFormSubmissionsQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { createForm, editForm, getForm, listFormSubmissions, listForms, removeForm } from './web-forms.service.js';

export const webFormsRouter = router({
  list: authedProcedure.query(({ ctx }) => listForms(ctx)),
  get: authedProcedure.input(webFormIdSchema).query(({ ctx, input }) => getForm(ctx, input.id)),
  create: authedProcedure.input(createWebFormSchema).mutation(({ ctx, input }) => createForm(ctx, input)),
  update: authedProcedure.input(updateWebFormSchema).mutation(({ ctx, input }) => editForm(ctx, input)),
  delete: authedProcedure.input(webFormIdSchema).mutation(({ ctx, input }) => removeForm(ctx, input.id)),
  submissions: authedProcedure.input(webFormSubmissionsQuerySchema).query(({ ctx, input }) => listFormSubmissions(ctx, input)),
});
