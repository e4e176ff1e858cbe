/** What every webhook action does when it ends: a toast, and the screen's lists read again (endpoints and their logs). */
import { useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function useWebhookFeedback(texts: { done: string; failed: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: async () => {
      notifySuccess(texts.done);
      await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
    },
    onError: (error: unknown) => notifyError(texts.failed, serverMessage(error, texts.failed)),
  };
}
