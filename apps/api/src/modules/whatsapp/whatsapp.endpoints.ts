/**
 * WhatsApp on the lead (docs/whatsapp.md; tRPC `whatsapp.*`): a lead's conversation, read by whoever
 * reads the lead.
 */
import { idSchema, whatsappConversationQuerySchema, whatsappConversationSchema } from '@crm/domain';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { routerOf } from '../../endpoints/trpc-adapter.js';
import { markConversationRead, readConversation } from './conversation.service.js';

const leadInputSchema = z.object({ leadId: idSchema });

export const whatsappEndpoints = [
  endpoint({
    name: 'whatsapp.conversation',
    summary: 'La conversación de WhatsApp de un lead, los mensajes más antiguos primero',
    description:
      'Los `limit` mensajes (50 por defecto, hasta 200) anteriores al mensaje `before`, o los últimos sin él; `hasMore` si quedan más antiguos.',
    permission: 'lead.read',
    input: whatsappConversationQuerySchema,
    output: whatsappConversationSchema,
    rest: { method: 'GET', path: '/api/leads/:leadId/whatsapp' },
    trpc: 'query',
    handler: ({ ctx, input }) => readConversation(ctx, input),
  }),
  endpoint({
    name: 'whatsapp.markRead',
    summary: 'Marca leída la conversación de WhatsApp de un lead',
    permission: 'lead.read',
    input: leadInputSchema,
    output: leadInputSchema,
    rest: { method: 'POST', path: '/api/leads/:leadId/whatsapp/read' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => markConversationRead(ctx, input.leadId),
  }),
] as const;

export const whatsappRouter = routerOf(whatsappEndpoints);
