/** GET /api/pipeline (the board's first page per column) and GET /api/pipeline/column (the next pages of one). */
import { pipelineColumnQuerySchema, pipelineQuerySchema } from '@crm/domain';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { pipelineBoard, pipelineColumn } from './pipeline.service.js';

export const pipelineRestRoutes = [
  authedRoute({
    method: 'GET',
    url: '/api/pipeline',
    handler: ({ ctx, query }) => pipelineBoard(ctx, parseInput(pipelineQuerySchema, query)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/pipeline/column',
    handler: ({ ctx, query }) => pipelineColumn(ctx, parseInput(pipelineColumnQuerySchema, query)),
  }),
];
