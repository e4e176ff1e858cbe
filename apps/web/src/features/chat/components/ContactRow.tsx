/** One contact: initials, name, day of the last message, its preview ('Tú:' for own) or the role, and the unread badge. */
import { type ChatContact, chatPreview, formatChatDay, formatUnreadBadge, systemRoleLabel } from '@crm/domain';
import { Badge, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { UserAvatar } from '../../../components/UserAvatar';
import classes from './Chat.module.css';

export function ContactRow({
  contact,
  viewerId,
  selected,
  onSelect,
}: {
  contact: ChatContact;
  viewerId: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.username;
  const badge = formatUnreadBadge(contact.unreadCount);
  return (
    <UnstyledButton
      className={classes.contact}
      data-selected={selected || undefined}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      data-testid={`chat-contact-${contact.id}`}
    >
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={contact} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            {contact.lastMessage ? (
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {formatChatDay(contact.lastMessage.createdAt)}
              </Text>
            ) : null}
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {contact.lastMessage ? chatPreview(contact.lastMessage, viewerId) : systemRoleLabel(contact.role)}
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
