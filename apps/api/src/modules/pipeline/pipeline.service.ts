/**
 * The board ('Embudo', docs/leads.md): one column per status with its count and first page, newest
 * first; each column pages on with its own cursor. Never the whole table. Moving a card is the
 * ordinary status edit (PUT /api/leads/{id}), with its rules and its leadChanged event.
 */
import { figuresByStatus } from '@crm/db';
import { LEAD_STATUSES, type LeadPage, type PipelineColumnFigures, type PipelineColumnQuery, type PipelineQuery } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { filtersOf, listLeadPage } from '../leads/leads.service.js';
import { loadLeadValuation } from '../settings/team-settings.service.js';

const COLUMN_PAGE = 20;

export async function pipelineColumn(ctx: ServiceContext, query: PipelineColumnQuery): Promise<LeadPage> {
  return listLeadPage(ctx, { ...query, limit: query.limit ?? COLUMN_PAGE });
}

export async function pipelineBoard(ctx: ServiceContext, query: PipelineQuery): Promise<{ columns: (PipelineColumnFigures & LeadPage)[] }> {
  // The columns at once, each on a connection of its own (each read is an index range).
  const [pages, { columns }] = await Promise.all([
    Promise.all(LEAD_STATUSES.map((status) => pipelineColumn(ctx, { ...query, status }))),
    pipelineCounts(ctx, query),
  ]);
  return { columns: columns.map((column, index) => ({ ...column, ...(pages[index] as LeadPage) })) };
}

/**
 * The columns' counts and values alone: what an open board refetches after a lead changed (the cards
 * come with the change). A column's value is the sum of its leads' values in the team's currency.
 */
export async function pipelineCounts(ctx: ServiceContext, query: PipelineQuery): Promise<{ columns: PipelineColumnFigures[] }> {
  requirePermission(ctx, 'lead.read');
  const [filters, valuation] = await Promise.all([filtersOf(ctx, query), loadLeadValuation(ctx)]);
  return { columns: await figuresByStatus(ctx.db, filters, valuation) };
}
