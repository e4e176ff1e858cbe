/**
 * tRPC `leads`: the Leads screen's reads and writes. The import (multipart) and the vCard / CSV
 * downloads are REST only: POST /api/leads/import, GET /api/leads/{id}/vcard, GET /api/leads/export.
 *
 * Shapes (types in @crm/domain schemas/lead.ts):
 * - LeadListItem = Lead & { assignee: {id, firstName, lastName} | null,
 *     contactedByUser: {id, firstName, lastName} | null, tracking: TrackingRecord | null }
 * - list({ view?, status?, category?, groupId?, q?, limit? (default 50, max 500), cursor? })
 *     → { items: LeadListItem[], nextCursor: string | null }, newest first. view 'leads' = Leads
 *     Activos (not contacted; ungrouped unless groupId; a status filter replaces 'not contacted'),
 *     view 'contacted' = Contactados (contacted_at set, or status contactado/interesado/convertido).
 * - counts({ status?, category?, groupId?, q? }) → { leads, contacted, groups } for the tab labels.
 * - byId(id) → LeadListItem; create(CreateLeadInput) → LeadListItem (admin, manager)
 * - update({ id, data: UpdateLeadInput }) → LeadListItem (all fields: admin, manager; status only:
 *     team_member on leads assigned to or contacted by them → interesado/convertido/perdido)
 * - assign({ id, assignedTo }) → LeadListItem (admin, manager)
 * - delete({ id }) → { id } (admin, manager; its notes, follow-ups and history go with it)
 * - markContacted({ id }) → LeadListItem (every role, only while the lead may still be marked contacted,
 *     see docs/leads.md; records the session user and now)
 * - merge({ id, otherId, fields }) → LeadListItem, the survivor (admin, manager; docs/leads.md, 'Fusionar')
 */
import {
  assignLeadSchema,
  createLeadSchema,
  idSchema,
  leadCountsQuerySchema,
  leadListQuerySchema,
  leadMergeSchema,
  updateLeadSchema,
} from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/init.js';
import {
  assignLead,
  countLeadTabs,
  createLead,
  deleteLead,
  getLeadOrThrow,
  listLeadPage,
  markLeadContacted,
  updateLead,
} from './leads.service.js';
import { mergeLeads } from './merge/lead-merge.service.js';

export const leadsRouter = router({
  list: authedProcedure.input(leadListQuerySchema.default({})).query(({ ctx, input }) => listLeadPage(ctx, input)),
  counts: authedProcedure.input(leadCountsQuerySchema.default({})).query(({ ctx, input }) => countLeadTabs(ctx, input)),
  byId: authedProcedure.input(z.object({ id: idSchema })).query(({ ctx, input }) => getLeadOrThrow(ctx, input.id)),
  create: authedProcedure.input(createLeadSchema).mutation(({ ctx, input }) => createLead(ctx, input)),
  // Every role may call it: the service decides per field and per status (docs/leads.md).
  update: authedProcedure
    .input(z.object({ id: idSchema, data: updateLeadSchema }))
    .mutation(({ ctx, input }) => updateLead(ctx, input.id, input.data)),
  assign: authedProcedure
    .input(z.object({ id: idSchema }).and(assignLeadSchema))
    .mutation(({ ctx, input }) => assignLead(ctx, input.id, input)),
  delete: authedProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => deleteLead(ctx, input.id)),
  markContacted: authedProcedure.input(z.object({ id: idSchema })).mutation(({ ctx, input }) => markLeadContacted(ctx, input.id)),
  merge: authedProcedure
    .input(z.object({ id: idSchema }).and(leadMergeSchema))
    .mutation(({ ctx, input }) => mergeLeads(ctx, input.id, input)),
});
