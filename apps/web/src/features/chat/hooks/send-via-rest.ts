/** The documented REST send (POST /api/chat/messages), used while the live link is down. */
import type { ChatMessage, SendMessageInput } from '@crm/domain';
import { handleUnauthorized } from '../../../lib/unauthorized';

/** A message to a colleague or a channel, with its optional attachment or lead. */
export type ChatSendInput = SendMessageInput & { message: string };

export async function sendViaRest(input: ChatSendInput): Promise<ChatMessage> {
  const response = await fetch('/api/chat/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const text = await response.text();
  if (response.status === 401) handleUnauthorized();
  if (!response.ok) throw new Error(`${response.status}: ${text || response.statusText}`);
  const body = JSON.parse(text) as Omit<ChatMessage, 'createdAt'> & { createdAt: string };
  return { ...body, createdAt: new Date(body.createdAt) };
}
