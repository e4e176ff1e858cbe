/**
 * Web forms (docs/rest-api.md, 'Web forms'; docs/web-forms.md; tRPC `webForms.*`). Admin and
 * manager: the forms and their submission log. Public, no session (REST only): the hosted page
 * `GET /f/{slug}`, and the door a website uses, `GET /api/forms/{slug}/challenge` and
 * `POST /api/forms/{slug}/submissions` with their CORS preflights; the door admits the caller's
 * Origin against the form's sites before it reads anything else (`rest.admit`).
 */
import {
  WEB_FORM_LIMITS,
  createWebFormSchema,
  idSchema,
  publicSubmissionAnswerSchema,
  publicSubmissionSchema,
  updateWebFormSchema,
  webFormChallengeSchema,
  webFormIdSchema,
  webFormSchema,
  webFormSlugSchema,
  webFormSubmissionPageSchema,
  webFormSubmissionsQuerySchema,
} from '@crm/domain';
import { z } from 'zod';
import { NO_INPUT, endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { admitDoor, challengeFor, formPage, receiveSubmission, sendFormPage } from './web-form-door.js';
import { answerPreflight } from './web-form-origin.js';
import { createForm, editForm, getForm, listFormSubmissions, listForms, removeForm } from './web-forms.service.js';

const slugInputSchema = z.object({ slug: webFormSlugSchema });

/** The preflight of a cross-site call of the door: its Origin admitted, 204 with the CORS headers. */
const preflight = (path: string) =>
  endpoint({
    name: `webForms.preflight${path === 'challenge' ? 'Challenge' : 'Submission'}`,
    summary: `Pre-vuelo CORS de /api/forms/{slug}/${path}`,
    description:
      'Un sitio permitido recibe `Access-Control-Allow-Origin` (métodos `GET, POST`, cabecera `content-type`, 600 s); cualquier otro, 403.',
    permission: 'public',
    input: slugInputSchema,
    output: z.undefined(),
    rest: { method: 'OPTIONS', path: `/api/forms/:slug/${path}`, status: 204, admit: admitDoor, send: answerPreflight },
    handler: () => Promise.resolve(undefined),
  });

export const webFormsEndpoints = [
  endpoint({
    name: 'webForms.list',
    summary: 'Formularios web, por nombre',
    permission: 'webForm.manage',
    input: NO_INPUT,
    output: z.array(webFormSchema),
    rest: { method: 'GET', path: '/api/forms' },
    trpc: 'query',
    handler: ({ ctx }) => listForms(ctx),
  }),
  endpoint({
    name: 'webForms.create',
    summary: 'Crea un formulario web',
    description:
      '`slug` se hace del nombre si falta; 409 si ya existe. `fields`: `{ field, required }` en orden, con `field` un campo del lead (`email`), del contacto (`contact.cargo`) o personalizado activo (`customFields.provincia`).',
    permission: 'webForm.manage',
    audit: true,
    input: createWebFormSchema,
    output: webFormSchema,
    rest: { method: 'POST', path: '/api/forms', status: 201 },
    trpc: 'mutation',
    handler: ({ ctx, input }) => createForm(ctx, input),
  }),
  endpoint({
    name: 'webForms.get',
    summary: 'Un formulario web',
    permission: 'webForm.manage',
    input: webFormIdSchema,
    output: webFormSchema,
    rest: { method: 'GET', path: '/api/forms/:id' },
    trpc: 'query',
    handler: ({ ctx, input }) => getForm(ctx, input.id),
  }),
  endpoint({
    name: 'webForms.update',
    summary: 'Edita un formulario web',
    permission: 'webForm.manage',
    audit: true,
    input: updateWebFormSchema,
    output: webFormSchema,
    rest: { method: 'PUT', path: '/api/forms/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => editForm(ctx, input),
  }),
  endpoint({
    name: 'webForms.delete',
    summary: 'Borra un formulario web y su registro de envíos (sus leads quedan)',
    permission: 'webForm.manage',
    audit: true,
    input: webFormIdSchema,
    output: z.object({ id: idSchema }),
    rest: { method: 'DELETE', path: '/api/forms/:id' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => removeForm(ctx, input.id),
  }),
  endpoint({
    name: 'webForms.submissions',
    summary: 'Envíos de un formulario web, los más recientes primero',
    description: '`limit` 1–100 (50 por defecto); `nextCursor` vuelve como `cursor`.',
    permission: 'webForm.manage',
    input: webFormSubmissionsQuerySchema,
    output: webFormSubmissionPageSchema,
    rest: { method: 'GET', path: '/api/forms/:id/submissions' },
    trpc: 'query',
    handler: ({ ctx, input }) => listFormSubmissions(ctx, input),
  }),
  endpoint({
    name: 'webForms.page',
    summary: 'La página alojada de un formulario web',
    description: 'Solo se puede enmarcar en los sitios que el formulario permite (su CSP sustituye a la de la aplicación).',
    permission: 'public',
    input: slugInputSchema,
    output: z.object({ html: z.string(), csp: z.string() }),
    rest: { method: 'GET', path: '/f/:slug', produces: 'text/html', send: sendFormPage },
    handler: ({ ctx, input }) => formPage(ctx, input.slug),
  }),
  endpoint({
    name: 'webForms.challenge',
    summary: 'Un reto de prueba de trabajo (ALTCHA v2) para enviar el formulario',
    description: 'Vale 30 minutos y un solo envío; 403 desde un sitio no permitido; 404 si el formulario no existe o no está activo.',
    permission: 'public',
    input: slugInputSchema,
    output: webFormChallengeSchema,
    rest: {
      method: 'GET',
      path: '/api/forms/:slug/challenge',
      admit: admitDoor,
      send: (reply, challenge) => reply.header('cache-control', 'no-store').send(challenge),
    },
    handler: ({ ctx, input }) => challengeFor(ctx, input.slug),
  }),
  preflight('challenge'),
  preflight('submissions'),
  endpoint({
    name: 'webForms.submit',
    summary: 'Envía un formulario web: crea o completa un lead',
    description:
      'Solo cuentan los campos del formulario: los del lead, `contact` `{ name, cargo, email, phone }` (su persona de contacto principal) y `customFields` `{ clave: valor }` (una clave que el formulario no pide, desconocida o archivada es un 400); `altcha` es el reto resuelto; `fax` es una trampa y debe ir vacío; como mucho 32 KB. Un email o teléfono conocido completa el lead existente. 429 pasado el límite por dirección.',
    permission: 'public',
    input: publicSubmissionSchema.extend({ slug: webFormSlugSchema }),
    output: publicSubmissionAnswerSchema,
    rest: {
      method: 'POST',
      path: '/api/forms/:slug/submissions',
      bodyLimit: () => WEB_FORM_LIMITS.submissionBody,
      admit: admitDoor,
    },
    handler: ({ ctx, input, client }) => receiveSubmission(ctx, input, client),
  }),
] as const;

export const webFormsRouter = routerOf(webFormsEndpoints);
