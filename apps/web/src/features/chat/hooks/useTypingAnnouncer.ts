/** Tells the conversation we are writing, at most once every 2 s (the server drops any more anyway). */
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTRPC } from '../../../lib/trpc';

const EVERY_MS = 2000;

export function useTypingAnnouncer(target: { channelId: number } | { receiverId: number }): () => void {
  const trpc = useTRPC();
  const typing = useMutation(trpc.chat.typing.mutationOptions());
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (now - last.current < EVERY_MS) return;
    last.current = now;
    typing.mutate(target);
  };
}
