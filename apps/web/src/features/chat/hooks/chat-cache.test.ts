import type { AppRouter } from '@crm/api';
import type { ChatMessage } from '@crm/domain';
import { type QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { createOfflineTrpcClient } from '../../../test-utils/render';
import { addMessageToCache, markReadInCache } from './chat-cache';

const VIEWER = 1;

function message(id: number, senderId: number, receiverId: number, isRead = false): ChatMessage {
  return {
    id,
    senderId,
    receiverId,
    channelId: null,
    message: `mensaje ${id}`,
    createdAt: new Date(2026, 0, 1, 10, id),
    isRead,
    attachment: null,
    lead: null,
  };
}

/** A promise and the function that fulfils it (Node 20 has no Promise.withResolvers). */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((fulfil) => {
    resolve = fulfil;
  });
  return { promise, resolve };
}

/**
 * An open conversation whose refresh (the one after a reconnect) has just started: `answer` gives
 * that refresh's answer, then a second one's if the cache asked again, and waits for them to land.
 */
function refreshUnderWay(queryClient: QueryClient, queryKey: QueryKey) {
  const answers = [deferred<ChatMessage[]>(), deferred<ChatMessage[]>()];
  let fetches = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey,
    queryFn: () => answers[fetches++]?.promise ?? Promise.reject(new Error('una petición de más')),
    staleTime: Infinity,
  });
  const stopObserving = observer.subscribe(() => undefined);
  void queryClient.invalidateQueries({ queryKey });
  return {
    fetches: () => fetches,
    answer: async (first: ChatMessage[], second: ChatMessage[]) => {
      answers[0]?.resolve(first);
      answers[1]?.resolve(second);
      await vi.waitFor(() => expect(queryClient.isFetching({ queryKey })).toBe(0));
      stopObserving();
    },
  };
}

function setup() {
  const queryClient = createQueryClient();
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: createOfflineTrpcClient(), queryClient });
  const conversation = (userId: number) => queryClient.getQueryData(trpc.chat.messages.queryKey({ userId }));
  return { queryClient, trpc, conversation };
}

describe('addMessageToCache', () => {
  it('adds a received message to the conversation with its sender, in id order', () => {
    const { queryClient, trpc, conversation } = setup();
    queryClient.setQueryData(trpc.chat.messages.queryKey({ userId: 2 }), [message(1, VIEWER, 2), message(5, 2, VIEWER)]);
    addMessageToCache(queryClient, trpc, VIEWER, message(3, 2, VIEWER));
    expect(conversation(2)?.map((known) => known.id)).toEqual([1, 3, 5]);
  });

  it('adds a sent message to the conversation with its receiver', () => {
    const { queryClient, trpc, conversation } = setup();
    queryClient.setQueryData(trpc.chat.messages.queryKey({ userId: 4 }), []);
    addMessageToCache(queryClient, trpc, VIEWER, message(9, VIEWER, 4));
    expect(conversation(4)?.map((known) => known.id)).toEqual([9]);
  });

  it('ignores a message already shown (the REST answer and its live copy)', () => {
    const { queryClient, trpc, conversation } = setup();
    queryClient.setQueryData(trpc.chat.messages.queryKey({ userId: 2 }), [message(1, VIEWER, 2)]);
    addMessageToCache(queryClient, trpc, VIEWER, message(1, VIEWER, 2));
    expect(conversation(2)).toHaveLength(1);
  });

  it('asks again when a refresh under way read the conversation before the message existed', async () => {
    const { queryClient, trpc, conversation } = setup();
    const queryKey = trpc.chat.messages.queryKey({ userId: 2 });
    queryClient.setQueryData(queryKey, [message(1, VIEWER, 2)]);
    const refresh = refreshUnderWay(queryClient, queryKey);
    addMessageToCache(queryClient, trpc, VIEWER, message(2, 2, VIEWER));
    await refresh.answer([message(1, VIEWER, 2)], [message(1, VIEWER, 2), message(2, 2, VIEWER)]);
    expect(refresh.fetches()).toBe(2);
    expect(conversation(2)?.map((known) => known.id)).toEqual([1, 2]);
  });

  it('leaves a conversation that was never loaded alone (it loads whole when opened)', () => {
    const { queryClient, trpc, conversation } = setup();
    addMessageToCache(queryClient, trpc, VIEWER, message(2, 3, VIEWER));
    expect(conversation(3)).toBeUndefined();
  });
});

describe('markReadInCache', () => {
  it('marks those messages read in every cached conversation and leaves the others', () => {
    const { queryClient, trpc, conversation } = setup();
    queryClient.setQueryData(trpc.chat.messages.queryKey({ userId: 2 }), [message(1, VIEWER, 2), message(2, VIEWER, 2)]);
    queryClient.setQueryData(trpc.chat.messages.queryKey({ userId: 3 }), [message(3, VIEWER, 3)]);
    markReadInCache(queryClient, trpc, [2, 3]);
    expect(conversation(2)?.map((known) => known.isRead)).toEqual([false, true]);
    expect(conversation(3)?.map((known) => known.isRead)).toEqual([true]);
  });

  it('asks again when a refresh under way read the conversation before the receipt', async () => {
    const { queryClient, trpc, conversation } = setup();
    const queryKey = trpc.chat.messages.queryKey({ userId: 2 });
    queryClient.setQueryData(queryKey, [message(1, VIEWER, 2)]);
    const refresh = refreshUnderWay(queryClient, queryKey);
    markReadInCache(queryClient, trpc, [1]);
    await refresh.answer([message(1, VIEWER, 2)], [message(1, VIEWER, 2, true)]);
    expect(refresh.fetches()).toBe(2);
    expect(conversation(2)?.map((known) => known.isRead)).toEqual([true]);
  });
});
