/** One colleague in the list: initials, full name, and their role until the first message. */
import { type ChatContact, displayName, systemRoleLabel } from '@crm/domain';
import { UserAvatar } from '../../../components/UserAvatar';
import { ChatRow } from './ChatRow';

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
  return (
    <ChatRow
      avatar={<UserAvatar user={contact} />}
      name={displayName(contact)}
      lastMessage={contact.lastMessage}
      fallback={systemRoleLabel(contact.role)}
      unreadCount={contact.unreadCount}
      viewerId={viewerId}
      selected={selected}
      onSelect={onSelect}
      testId={`chat-contact-${contact.id}`}
    />
  );
}
