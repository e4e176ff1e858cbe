/**
 * tRPC `pipeline`: board({ assignedTo?, category?, groupId?, q?, limit? }) → { columns: [{ status, count, items, nextCursor }] };
 * column({ status, cursor, ...filters }) → { items, nextCursor };
 * counts({ assignedTo?, category?, groupId?, q? }) → { columns: [{ status, count }] } (an open board's refresh after a lead event).
 */
import { pipelineColumnQuerySchema, pipelineQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { pipelineBoard, pipelineColumn, pipelineCounts } from './pipeline.service.js';

export const pipelineRouter = router({
  board: authedProcedure.input(pipelineQuerySchema.default({})).query(({ ctx, input }) => pipelineBoard(ctx, input)),
  counts: authedProcedure.input(pipelineQuerySchema.default({})).query(({ ctx, input }) => pipelineCounts(ctx, input)),
  column: authedProcedure.input(pipelineColumnQuerySchema).query(({ ctx, input }) => pipelineColumn(ctx, input)),
});
