/** 'Elena está escribiendo…' under a conversation, from the live typing events; nothing when nobody writes. */
import { Text } from '@mantine/core';
import { useTypists } from '../hooks/typing-store';

function typingText(names: readonly string[]): string {
  if (names.length === 1) return `${names[0]} está escribiendo…`;
  if (names.length === 2) return `${names[0]} y ${names[1]} están escribiendo…`;
  return `${names.length} personas están escribiendo…`;
}

export function TypingLine({ conversationKey, nameOf }: { conversationKey: string; nameOf: (userId: number) => string }) {
  const typists = useTypists(conversationKey);
  return (
    <Text size="xs" c="dimmed" px="sm" h={18} aria-live="polite" data-testid="chat-typing">
      {typists.length > 0 ? typingText(typists.map(nameOf)) : ''}
    </Text>
  );
}
