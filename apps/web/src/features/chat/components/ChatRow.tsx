/**
 * One conversation in the list, a colleague or a channel alike: its avatar, name, day and preview
 * of the last message ('Tú:' for one's own) or a fallback line, and the unread badge.
 */
import { chatPreview, formatChatDay, formatUnreadBadge } from '@crm/domain';
import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './Chat.module.css';

export function ChatRow({
  avatar,
  name,
  lastMessage,
  fallback,
  unreadCount,
  viewerId,
  selected,
  onSelect,
  testId,
}: {
  avatar: ReactNode;
  name: string;
  lastMessage: { message: string; senderId: number; createdAt: Date } | null;
  /** The second line when there is no message yet. */
  fallback: string;
  unreadCount: number;
  viewerId: number;
  selected: boolean;
  onSelect: () => void;
  testId: string;
}) {
  const badge = formatUnreadBadge(unreadCount);
  return (
    <UnstyledButton
      className={classes.contact}
      data-selected={selected || undefined}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid={testId}
    >
      <Group gap="sm" wrap="nowrap">
        {avatar}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            {lastMessage ? (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatChatDay(lastMessage.createdAt)}
              </Text>
            ) : null}
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {lastMessage ? chatPreview(lastMessage, viewerId) : fallback}
            </Text>
            {badge ? (
              <Badge size="sm" color="red" circle={badge.length === 1} style={{ flexShrink: 0 }} aria-label={`${badge} sin leer`}>
                {badge}
              </Badge>
            ) : null}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
