/**
 * REST of web forms (docs/rest-api.md, docs/web-forms.md). Admin and manager: GET/POST /api/forms,
 * GET/PUT/DELETE /api/forms/{id}, GET /api/forms/{id}/submissions. Public, no session: GET /f/{slug}
 * (the hosted page), GET /api/forms/{slug}/challenge, POST /api/forms/{slug}/submissions and its preflight.
 */
import {
  WEB_FORM_LIMITS,
  createWebFormSchema,
  idSchema,
  publicSubmissionSchema,
  updateWebFormSchema,
  webFormSlugSchema,
  webFormSubmissionsQuerySchema,
} from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute, publicRoute } from '../../rest/route.js';
import { issueChallenge } from './web-form-proof.js';
import { admitOrigin, allowOrigin, answerPreflight } from './web-form-origin.js';
import { renderFormPage } from './web-form-page.js';
import { activeFormBySlug, submitWebForm } from './web-form-submit.service.js';
import { createForm, editForm, getForm, listFormSubmissions, listForms, removeForm } from './web-forms.service.js';

const slugOf = (params: Record<string, string>) => parseInput(webFormSlugSchema, params.slug);

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

  publicRoute({
    method: 'GET',
    url: '/f/:slug',
    handler: async ({ ctx, params, reply }) => {
      const { html, csp } = renderFormPage(await activeFormBySlug(ctx, slugOf(params)));
      reply.removeHeader('x-frame-options');
      return reply.header('content-security-policy', csp).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  }),
  publicRoute({
    method: 'GET',
    url: '/api/forms/:slug/challenge',
    handler: async ({ ctx, params, request, reply }) => {
      const form = await activeFormBySlug(ctx, slugOf(params));
      allowOrigin(reply, admitOrigin(request, form.allowedOrigins, ctx.env));
      reply.header('cache-control', 'no-store');
      return issueChallenge(ctx, form.id);
    },
  }),
  ...['/api/forms/:slug/challenge', '/api/forms/:slug/submissions'].map((url) =>
    publicRoute({
      method: 'OPTIONS',
      url,
      handler: async ({ ctx, params, request, reply }) => {
        const form = await activeFormBySlug(ctx, slugOf(params));
        return answerPreflight(reply, admitOrigin(request, form.allowedOrigins, ctx.env));
      },
    }),
  ),
  publicRoute({
    method: 'POST',
    url: '/api/forms/:slug/submissions',
    bodyLimit: () => WEB_FORM_LIMITS.submissionBody,
    handler: async ({ ctx, params, request, reply }) => {
      const form = await activeFormBySlug(ctx, slugOf(params));
      // Before the body is judged, so the visitor's page can read why it was refused.
      allowOrigin(reply, admitOrigin(request, form.allowedOrigins, ctx.env));
      const values = parseInput(publicSubmissionSchema, request.body ?? {});
      await submitWebForm(ctx, form, values, { address: request.ip, refererHeader: request.headers.referer });
      return { thankYouText: form.thankYouText, redirectUrl: form.redirectUrl };
    },
  }),
];
