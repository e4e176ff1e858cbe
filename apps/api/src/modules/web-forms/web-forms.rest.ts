/**
 * REST of web forms (docs/rest-api.md, docs/web-forms.md). Admin and manager: GET/POST /api/forms,
 * GET/PUT/DELETE /api/forms/{id}, GET /api/forms/{id}/submissions. Public, no session: GET /f/{slug}
 * (the hosted page), GET /api/forms/{slug}/challenge, POST /api/forms/{slug}/submissions and its preflight.
 */
import { WEB_FORM_LIMITS, createWebFormSchema, idSchema, updateWebFormSchema, webFormSubmissionsQuerySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute, publicRoute } from '../../rest/route.js';
import { receiveSubmission, serveChallenge, serveFormPage, servePreflight } from './web-form-door.js';
import { createForm, editForm, getForm, listFormSubmissions, listForms, removeForm } from './web-forms.service.js';

export const webFormsRestRoutes = [
  authedRoute({ method: 'GET', url: '/api/forms', handler: ({ ctx }) => listForms(ctx) }),
  authedRoute({
    method: 'POST',
    url: '/api/forms',
    body: createWebFormSchema,
    successStatus: 201,
    handler: ({ ctx, body }) => createForm(ctx, body),
  }),
  authedRoute({ method: 'GET', url: '/api/forms/:id', handler: ({ ctx, params }) => getForm(ctx, parseInput(idSchema, params.id)) }),
  authedRoute({
    method: 'PUT',
    url: '/api/forms/:id',
    body: updateWebFormSchema.omit({ id: true }),
    handler: ({ ctx, params, body }) => editForm(ctx, { ...body, id: parseInput(idSchema, params.id) }),
  }),
  authedRoute({ method: 'DELETE', url: '/api/forms/:id', handler: ({ ctx, params }) => removeForm(ctx, parseInput(idSchema, params.id)) }),
  authedRoute({
    method: 'GET',
    url: '/api/forms/:id/submissions',
    handler: ({ ctx, params, query }) => listFormSubmissions(ctx, parseInput(webFormSubmissionsQuerySchema, { ...query, id: params.id })),
  }),

  publicRoute({ method: 'GET', url: '/f/:slug', handler: serveFormPage }),
  publicRoute({ method: 'GET', url: '/api/forms/:slug/challenge', handler: serveChallenge }),
  publicRoute({ method: 'OPTIONS', url: '/api/forms/:slug/challenge', handler: servePreflight }),
  publicRoute({ method: 'OPTIONS', url: '/api/forms/:slug/submissions', handler: servePreflight }),
  publicRoute({
    method: 'POST',
    url: '/api/forms/:slug/submissions',
    bodyLimit: () => WEB_FORM_LIMITS.submissionBody,
    handler: receiveSubmission,
  }),
];
