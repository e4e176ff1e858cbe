/** One message: own on the right with a read tick that turns blue once read; times as hh:mm. */
import { type ChatMessage, formatChatTime } from '@crm/domain';
import { Box, Group, Text } from '@mantine/core';
import { IconCheck, IconChecks } from '@tabler/icons-react';
import classes from './Chat.module.css';

export function MessageBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <Box className={own ? classes.own : classes.theirs} data-testid="chat-message" data-own={own || undefined}>
      <Text size="sm">{message.message}</Text>
      <Group gap={4} justify="flex-end" mt={2}>
        <Text size="xs" c={own ? 'indigo.1' : 'dimmed'}>
          {formatChatTime(message.createdAt)}
        </Text>
        {own ? (
          message.isRead ? (
            <IconChecks size={14} color="var(--mantine-color-cyan-3)" aria-label="Leído" data-testid="read-tick" data-read="true" />
          ) : (
            <IconCheck size={14} color="var(--mantine-color-indigo-1)" aria-label="Enviado" data-testid="read-tick" data-read="false" />
          )
        ) : null}
      </Group>
    </Box>
  );
}
