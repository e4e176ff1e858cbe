/** One channel in the list: a group or hash icon, and its member count until the first message. */
import { formatCount } from '@crm/domain';
import type { ChatChannel } from '@crm/domain';
import { Avatar } from '@mantine/core';
import { IconHash, IconUsersGroup } from '@tabler/icons-react';
import { ChatRow } from './ChatRow';

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
  return (
    <ChatRow
      avatar={
        <Avatar color="indigo" radius="xl">
          {channel.kind === 'group' ? <IconUsersGroup size={18} aria-hidden /> : <IconHash size={18} aria-hidden />}
        </Avatar>
      }
      name={channel.name}
      lastMessage={channel.lastMessage}
      fallback={formatCount(channel.memberCount, 'miembro', 'miembros')}
      unreadCount={channel.unreadCount}
      viewerId={viewerId}
      selected={selected}
      onSelect={onSelect}
      testId={`chat-channel-${channel.id}`}
    />
  );
}
