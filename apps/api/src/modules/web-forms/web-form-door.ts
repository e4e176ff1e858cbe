/**
 * The public door of a web form, as HTTP sees it: the hosted page, the challenge, the preflight and
 * the submission, each finding the active form by its slug and admitting the caller's Origin first.
 */
import { type PublicSubmissionAnswer, publicSubmissionSchema, webFormSlugSchema } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/parse-input.js';
import { admitOrigin, allowOrigin, answerPreflight } from './web-form-origin.js';
import { renderFormPage } from './web-form-page.js';
import { issueChallenge } from './web-form-proof.js';
import { activeFormBySlug, submitWebForm } from './web-form-submit.service.js';

interface DoorCall {
  ctx: AppContext;
  params: Record<string, string>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The active form of the path's slug, its Origin admitted and named in the answer's CORS headers. */
async function admittedForm({ ctx, params, request, reply }: DoorCall) {
  const form = await activeFormBySlug(ctx, parseInput(webFormSlugSchema, params.slug));
  allowOrigin(reply, admitOrigin(request, form.allowedOrigins, ctx.env));
  return form;
}

/** `GET /f/{slug}`: framed only where the form allows (its CSP replaces the app's, which frames nowhere). */
export async function serveFormPage({ ctx, params, reply }: DoorCall): Promise<FastifyReply> {
  const { html, csp } = renderFormPage(await activeFormBySlug(ctx, parseInput(webFormSlugSchema, params.slug)));
  reply.removeHeader('x-frame-options');
  return reply.header('content-security-policy', csp).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export async function serveChallenge(call: DoorCall) {
  const form = await admittedForm(call);
  call.reply.header('cache-control', 'no-store');
  return issueChallenge(call.ctx, form.id);
}

export async function servePreflight(call: DoorCall): Promise<FastifyReply> {
  await admittedForm(call);
  return answerPreflight(call.reply);
}

/** The body is judged after the Origin, so an allowed site's page can read why it was refused. */
export async function receiveSubmission(call: DoorCall): Promise<PublicSubmissionAnswer> {
  const form = await admittedForm(call);
  const values = parseInput(publicSubmissionSchema, call.request.body ?? {});
  await submitWebForm(call.ctx, form, values, { address: call.request.ip, refererHeader: call.request.headers.referer });
  return { thankYouText: form.thankYouText, redirectUrl: form.redirectUrl };
}
