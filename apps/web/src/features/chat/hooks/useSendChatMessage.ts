/**
 * Sending a chat message: over the live socket when it is up, otherwise through REST with
 * the spec's 'modo compatibilidad' notice. The caller restores the text when it fails.
 */
import type { ChatMessage } from '@crm/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { isServerFailure, serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { addMessageToCache, refreshChatSummaries } from './chat-cache';
import { useLiveConnection } from '../../live/LiveProvider';
import { type ChatSendInput, sendViaRest } from './send-via-rest';

const SEND_FAILED = 'No se pudo enviar el mensaje. Intenta de nuevo.';

export function useSendChatMessage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const viewer = useCurrentUser();
  const { connected } = useLiveConnection();

  return useMutation({
    mutationFn: async (input: ChatSendInput): Promise<{ message: ChatMessage; viaRest: boolean }> => {
      if (connected) {
        return { message: await client.chat.send.mutate(input, { context: { viaSocket: true } }), viaRest: false };
      }
      return { message: await sendViaRest(input), viaRest: true };
    },
    onSuccess: ({ message, viaRest }) => {
      addMessageToCache(queryClient, trpc, viewer.id, message);
      refreshChatSummaries(queryClient, trpc);
      if (viaRest) notifySuccess('Mensaje enviado', 'Tu mensaje se envió correctamente (modo compatibilidad)');
    },
    // A rule the server states (too fast, too long) is worth showing; anything else gets the spec's text.
    onError: (error) => notifyError('Error', isServerFailure(error) ? SEND_FAILED : serverMessage(error, SEND_FAILED)),
  });
}
