/**
 * 'Registrar llamada' and 'Registrar mensaje' (docs/leads.md, 'Llamadas y mensajes'): what a seller
 * records instead of typing the tracking counters. The server writes the history entry and moves
 * the counters (calls, messages sent and received, responded, last contact) in one transaction.
 */
import { z } from 'zod';
import { optionalText } from './common.js';

export const CALL_OUTCOMES = ['contesto', 'no_contesto', 'buzon', 'numero_equivocado'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  contesto: 'Contestó',
  no_contesto: 'No contestó',
  buzon: 'Buzón de voz',
  numero_equivocado: 'Número equivocado',
};

export const INTERACTION_KINDS = ['call', 'message_sent', 'message_received'] as const;
export type InteractionKind = (typeof INTERACTION_KINDS)[number];

export const INTERACTION_NOTE_MAX = 1000;

export const logInteractionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('call'),
      outcome: z.enum(CALL_OUTCOMES, { message: 'Elige el resultado de la llamada' }),
      note: optionalText(INTERACTION_NOTE_MAX),
    }),
    z.object({ kind: z.literal('message_sent'), note: optionalText(INTERACTION_NOTE_MAX) }),
    z.object({ kind: z.literal('message_received'), note: optionalText(INTERACTION_NOTE_MAX) }),
  ],
  { message: 'Tipo de registro inválido' },
);
export type LogInteractionInput = z.input<typeof logInteractionSchema>;
export type LogInteraction = z.output<typeof logInteractionSchema>;

/** What the tracking counters become: a call counts, an answered call or a received message is a response. */
export function interactionEffect(interaction: LogInteraction): {
  calls: number;
  messagesToLead: number;
  messagesFromLead: number;
  responded: boolean;
} {
  return {
    calls: interaction.kind === 'call' ? 1 : 0,
    messagesToLead: interaction.kind === 'message_sent' ? 1 : 0,
    messagesFromLead: interaction.kind === 'message_received' ? 1 : 0,
    responded: interaction.kind === 'message_received' || (interaction.kind === 'call' && interaction.outcome === 'contesto'),
  };
}
