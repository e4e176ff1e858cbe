/** The documented REST send (POST /api/chat/messages), used while the live link is down. */
import type { ChatMessage } from '@crm/domain';
import { handleUnauthorized } from '../../../lib/unauthorized';

export async function sendViaRest(receiverId: number, message: string): Promise<ChatMessage> {
  const response = await fetch('/api/chat/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ receiverId, message }),
  });
  const text = await response.text();
  if (response.status === 401) handleUnauthorized();
  if (!response.ok) throw new Error(`${response.status}: ${text || response.statusText}`);
  const body = JSON.parse(text) as Omit<ChatMessage, 'createdAt'> & { createdAt: string };
  return { ...body, createdAt: new Date(body.createdAt) };
}
