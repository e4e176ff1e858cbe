/** Who is writing where ('Elena está escribiendo…'), fed by live typing events; an entry fades after a few seconds. */
import { useSyncExternalStore } from 'react';

/** Longer than the server's 2 s throttle, so steady typing keeps the line shown without flicker. */
const SHOWN_MS = 4000;

/** A conversation's key: a channel, or the colleague of a one-to-one chat. */
export function typingKey(conversation: { channelId: number } | { userId: number }): string {
  return 'channelId' in conversation ? `c${conversation.channelId}` : `u${conversation.userId}`;
}

const typists = new Map<string, Map<number, number>>();
const listeners = new Set<() => void>();
/** Who is writing now, per conversation: rebuilt on every change, so readers get stable arrays. */
let current = new Map<string, number[]>();
const NOBODY: number[] = [];

function changed(): void {
  const now = Date.now();
  current = new Map([...typists].map(([key, users]) => [key, [...users].filter(([, until]) => until > now).map(([userId]) => userId)]));
  for (const listener of listeners) listener();
}

export function recordTyping(event: { userId: number; channelId?: number | undefined }): void {
  const key = event.channelId !== undefined ? typingKey({ channelId: event.channelId }) : typingKey({ userId: event.userId });
  const users = typists.get(key) ?? new Map<number, number>();
  users.set(event.userId, Date.now() + SHOWN_MS);
  typists.set(key, users);
  changed();
  setTimeout(changed, SHOWN_MS + 50);
}

/** A message from someone ends their indicator at once. */
export function clearTyping(senderId: number, key: string): void {
  if (typists.get(key)?.delete(senderId)) changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of those writing in the conversation now. */
export function useTypists(key: string): number[] {
  return useSyncExternalStore(subscribe, () => current.get(key) ?? NOBODY);
}
