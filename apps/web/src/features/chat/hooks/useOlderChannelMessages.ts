/**
 * 'Cargar mensajes anteriores' in a channel: the open channel shows its newest page (kept live by
 * the feed); each click reads the page before the oldest one shown, until the first message.
 */
import type { ChatMessage } from '@crm/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';

export function useOlderChannelMessages(channelId: number, newestPage: ChatMessage[] | undefined, pageSize: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [older, setOlder] = useState<{ channelId: number; messages: ChatMessage[]; exhausted: boolean }>({
    channelId,
    messages: [],
    exhausted: false,
  });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  // Another channel opened in the same component: start again from its newest page.
  const current = older.channelId === channelId ? older : { channelId, messages: [], exhausted: false };
  const oldestId = (current.messages[0] ?? newestPage?.[0])?.id;
  const hasMore = !current.exhausted && newestPage !== undefined && newestPage.length >= pageSize && oldestId !== undefined;

  const loadOlder = async () => {
    if (!hasMore || loading) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await queryClient.fetchQuery(trpc.chat.channelMessages.queryOptions({ channelId, before: oldestId, limit: pageSize }));
      setOlder({ channelId, messages: [...page, ...current.messages], exhausted: page.length < pageSize });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return { older: current.messages, hasMore, loading, failed, loadOlder };
}
