/** One channel in the list: its icon, name, day and preview of the last message, and the unread badge. */
import { type ChatChannel, chatPreview, formatChatDay, formatUnreadBadge } from '@crm/domain';
import { Avatar, Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconHash, IconUsersGroup } from '@tabler/icons-react';
import classes from './Chat.module.css';

export function ChannelRow({
  channel,
  viewerId,
  selected,
  onSelect,
}: {
  channel: ChatChannel;
  viewerId: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const badge = formatUnreadBadge(channel.unreadCount);
  return (
    <UnstyledButton
      className={classes.contact}
      data-selected={selected || undefined}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid={`chat-channel-${channel.id}`}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar color="indigo" radius="xl">
          {channel.kind === 'group' ? <IconUsersGroup size={18} aria-hidden /> : <IconHash size={18} aria-hidden />}
        </Avatar>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {channel.name}
            </Text>
            {channel.lastMessage ? (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatChatDay(channel.lastMessage.createdAt)}
              </Text>
            ) : null}
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {channel.lastMessage ? chatPreview(channel.lastMessage, viewerId) : `${channel.memberCount} miembros`}
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
