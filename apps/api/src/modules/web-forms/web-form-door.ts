/**
 * The public door of a web form, as HTTP sees it: the hosted page, the challenge, the preflight and
 * the submission, each finding the active form by its slug; the API's door admits the caller's
 * Origin first (`admitDoor`, run before the body is read).
 */
import { type PublicSubmission, type PublicSubmissionAnswer, webFormSlugSchema } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Challenge } from 'altcha-lib';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../http/parse-input.js';
import { admitOrigin, allowOrigin } from './web-form-origin.js';
import { renderFormPage } from './web-form-page.js';
import { issueChallenge } from './web-form-proof.js';
import { activeFormBySlug, openFormBySlug, submitWebForm } from './web-form-submit.service.js';

interface DoorCall {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The active form of the path's slug must exist and admit the request's Origin, which the answer
 * then names in its CORS headers: so an allowed site's page can read even a refusal of its body.
 */
export async function admitDoor({ ctx, request, reply }: DoorCall): Promise<void> {
  const form = await activeFormBySlug(ctx, parseInput(webFormSlugSchema, (request.params as { slug?: unknown }).slug));
  allowOrigin(reply, admitOrigin(request, form.allowedOrigins, ctx.env));
}

/** `GET /f/{slug}`: the page and the CSP that frames it only where the form allows. */
export async function formPage(ctx: AppContext, slug: string): Promise<{ html: string; csp: string }> {
  return renderFormPage(await openFormBySlug(ctx, slug));
}

/** Framed only where the form allows: its CSP replaces the app's, which frames nowhere. */
export function sendFormPage(reply: FastifyReply, page: { html: string; csp: string }): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply
    .header('content-security-policy', page.csp)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}

export async function challengeFor(ctx: AppContext, slug: string): Promise<Challenge> {
  return issueChallenge(ctx, (await activeFormBySlug(ctx, slug)).id);
}

export async function receiveSubmission(
  ctx: AppContext,
  { slug, ...values }: PublicSubmission & { slug: string },
  client: { ip: string; referer?: string },
): Promise<PublicSubmissionAnswer> {
  const open = await openFormBySlug(ctx, slug);
  await submitWebForm(ctx, open, values, { address: client.ip, refererHeader: client.referer });
  return { thankYouText: open.form.thankYouText, redirectUrl: open.form.redirectUrl };
}
