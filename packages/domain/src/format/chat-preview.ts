/** How a conversation shows in a list: its unread badge and the preview of its last message. */

/** The unread badge: hidden at 0, the count up to 9, then '9+'. */
export function formatUnreadBadge(count: number): string | null {
  if (!(count > 0)) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

/** The contact row's preview: own messages are prefixed 'Tú: '. */
export function chatPreview(lastMessage: { message: string; senderId: number }, viewerId: number): string {
  return lastMessage.senderId === viewerId ? `Tú: ${lastMessage.message}` : lastMessage.message;
}
