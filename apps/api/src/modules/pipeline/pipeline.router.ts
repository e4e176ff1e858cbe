/**
 * tRPC `pipeline`: board({ assignedTo?, category?, groupId?, q?, limit? }) → { columns: [{ status, count, items, nextCursor }] };
 * column({ status, cursor, ...filters }) → { items, nextCursor }.
 */
import { pipelineColumnQuerySchema, pipelineQuerySchema } from '@crm/domain';
import { authedProcedure, router } from '../../trpc/init.js';
import { pipelineBoard, pipelineColumn } from './pipeline.service.js';

export const pipelineRouter = router({
  board: authedProcedure.input(pipelineQuerySchema.default({})).query(({ ctx, input }) => pipelineBoard(ctx, input)),
  column: authedProcedure.input(pipelineColumnQuerySchema).query(({ ctx, input }) => pipelineColumn(ctx, input)),
});
