/**
 * Search within the open conversation (one-to-one or channel): the server matches accent- and
 * case-insensitively. While the box is open and holds text, its matches replace the messages.
 */
import type { ChatMessage } from '@crm/domain';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';

export type ConversationScope = { channelId: number } | { userId: number };

export function useConversationSearch(scope: ConversationScope) {
  const trpc = useTRPC();
  const [open, { toggle }] = useDisclosure(false);
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 250);
  const filtering = open && debounced !== '';
  const found = useQuery({ ...trpc.chat.search.queryOptions({ ...scope, text: debounced }), enabled: filtering });
  // The server answers newest first; the list reads oldest at the top, like the conversation.
  const matches: ChatMessage[] | undefined = filtering ? [...(found.data ?? [])].reverse() : undefined;
  return { open, toggle, text, setText, matches };
}
