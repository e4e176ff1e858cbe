/**
 * The board ('Embudo', docs/leads.md): one column per status with its count and first page, newest
 * first; each column pages on with its own cursor. Never the whole table. Moving a card is the
 * ordinary status edit (PUT /api/leads/{id}), with its rules and its leadChanged event.
 */
import { countLeads } from '@crm/db';
import { LEAD_STATUSES, type LeadPage, type LeadStatus, type PipelineColumnQuery, type PipelineQuery } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { filtersOf, listLeadPage } from '../leads/leads.service.js';

const COLUMN_PAGE = 20;

export async function pipelineColumn(ctx: ServiceContext, query: PipelineColumnQuery): Promise<LeadPage> {
  return listLeadPage(ctx, { ...query, limit: query.limit ?? COLUMN_PAGE });
}

export async function pipelineBoard(
  ctx: ServiceContext,
  query: PipelineQuery,
): Promise<{ columns: ({ status: LeadStatus; count: number } & LeadPage)[] }> {
  const filters = filtersOf(ctx, query);
  // The columns at once, each on a connection of its own (each read is an index range).
  const columns = await Promise.all(
    LEAD_STATUSES.map(async (status) => {
      const page = await pipelineColumn(ctx, { ...query, status });
      return { status, count: await countLeads(ctx.db, { ...filters, status }), ...page };
    }),
  );
  return { columns };
}
