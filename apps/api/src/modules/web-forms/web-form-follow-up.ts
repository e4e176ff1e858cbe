/**
 * What a submission sets going once it has committed, on the job queue (docs/web-forms.md, 'What a
 * submission does'): the new lead handed out by the form's role with its assignee's notification,
 * the webhooks (`lead.created`, `form.submitted`) and the live `leadChanged`. The visitor's answer
 * waits for none of it; the job was enqueued in the submission's own transaction, so a committed
 * submission is always followed up, and the submission's flag makes a retried run do it once.
 * A burst of submissions is followed up together: one transaction, one rotation step per role.
 */
import {
  type DbOrTrx,
  EVERY_LEAD,
  type SubmissionToFollowUp,
  findLeadListItems,
  listStaleFollowUps,
  takeSubmissionFollowUps,
} from '@crm/db';
import type { LeadListItem, WebFormSubmission } from '@crm/domain';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { defineBatchJob, defineJob } from '../../jobs/job-definition.js';
import { distributeLeads } from '../distribution/distribution.service.js';
import { announceLeadsCreated } from '../leads/lead-changed.js';
import { Notifier } from '../notifications/notifier.js';
import { emitLeadEvents, emitWebhookEvent } from '../webhooks/webhook-events.js';

/** What a `form.submitted` event carries: the form, the submission, the lead as the API returns it. */
interface FormSubmitted {
  form: { id: number; slug: string; name: string };
  submission: WebFormSubmission;
  lead: LeadListItem;
}

function formSubmittedOf(submitted: SubmissionToFollowUp, lead: LeadListItem): FormSubmitted {
  const { form } = submitted;
  return {
    form: { id: form.id, slug: form.slug, name: form.name },
    submission: {
      id: submitted.id,
      formId: form.id,
      leadId: lead.id,
      leadName: lead.name,
      outcome: submitted.outcome,
      pageUrl: submitted.pageUrl,
      referrer: submitted.referrer,
      utm: submitted.utm,
      createdAt: submitted.createdAt,
    },
    lead,
  };
}

/** Each role's new leads that nobody has yet (a manager may have been quicker), in submission order. */
function leadsToHandOut(taken: readonly SubmissionToFollowUp[]): Map<number, number[]> {
  const byRole = new Map<number, number[]>();
  for (const submitted of taken) {
    const { lead, form } = submitted;
    if (submitted.outcome !== 'created' || form.roleId === null || !lead || lead.assignedTo !== null) continue;
    byRole.set(form.roleId, [...(byRole.get(form.roleId) ?? []), lead.id]);
  }
  return byRole;
}

async function followUpInside(ctx: AppContext, trx: DbOrTrx, ids: readonly number[], notes: Notifier): Promise<number[]> {
  const taken = await takeSubmissionFollowUps(trx, ids);
  // A role without a rule or without anyone available leaves its leads unassigned, for a manager to hand out.
  for (const [roleId, leadIds] of leadsToHandOut(taken)) {
    await notes.eachLeadAssigned(trx, (await distributeLeads(trx, roleId, leadIds, null)).assigned);
  }
  const createdIds = taken.flatMap((submitted) => (submitted.outcome === 'created' && submitted.lead ? [submitted.lead.id] : []));
  // A new lead is also a lead.created (the known lead's lead.updated went with its submission).
  await emitLeadEvents(ctx, trx, 'lead.created', createdIds);
  await emitWebhookEvent(ctx, trx, 'form.submitted', async () => {
    const leadIds = taken.flatMap((submitted) => (submitted.lead ? [submitted.lead.id] : []));
    const byId = new Map((await findLeadListItems(trx, leadIds, EVERY_LEAD)).map((lead) => [lead.id, lead]));
    return taken.flatMap((submitted) => {
      const lead = submitted.lead && byId.get(submitted.lead.id);
      return lead ? [{ leadId: lead.id, data: formSubmittedOf(submitted, lead) }] : [];
    });
  });
  return createdIds;
}

/** Follows up the submissions `ids` whose follow-up has not run (the others are skipped). */
export async function followUpSubmissions(ctx: AppContext, ids: readonly number[]): Promise<void> {
  const notes = new Notifier();
  const createdIds = await ctx.db.transaction().execute((trx) => followUpInside(ctx, trx, ids, notes));
  // After the commit: the new leads, with their assignees, to the open lists; the notifications to their sessions.
  await announceLeadsCreated(ctx, await findLeadListItems(ctx.db, createdIds, EVERY_LEAD));
  await notes.publish(ctx);
}

export const followUpSubmissionsJob = defineBatchJob({
  name: 'web-forms.follow-up',
  payload: z.object({ submissionId: z.number().int() }),
  // At 100 submissions a second a run takes what came while the last one ran: a handful.
  batchSize: 100,
  settings: { retries: 5, retryDelaySeconds: 2, expireInSeconds: 5 * 60 },
  async handleBatch(ctx, payloads) {
    await followUpSubmissions(
      ctx,
      payloads.map((payload) => payload.submissionId),
    );
  },
});

/** Longer than a follow-up job's every try and expiry: a submission older than this still waiting has no job left. */
const STALE_FOLLOW_UP_SECONDS = 15 * 60;
/** Far more than ten minutes bring; the next run takes the rest. */
const FOLLOW_UPS_PER_SWEEP = 10_000;

/** Every ten minutes, on one replica: a submission whose follow-up ran out of tries (the database was away a while) gets a new job. */
export const sweepFollowUpsJob = defineJob({
  name: 'web-forms.sweep-follow-ups',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 30, cron: '*/10 * * * *' },
  async handler(ctx) {
    for (const submissionId of await listStaleFollowUps(ctx.db, STALE_FOLLOW_UP_SECONDS, FOLLOW_UPS_PER_SWEEP)) {
      await ctx.jobs.enqueue(followUpSubmissionsJob, { submissionId });
    }
  },
});
