/** The bell itself, with the unread count: the header shows it before its panel has loaded. */
import { formatUnreadBadge } from '@crm/domain';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { forwardRef } from 'react';

interface BellButtonProps {
  unreadCount: number;
  onClick: () => void;
}

/** A ref and the props a Popover.Target adds reach the button. */
export const BellButton = forwardRef<HTMLButtonElement, BellButtonProps>(function BellButton(
  { unreadCount, onClick, ...targetProps },
  ref,
) {
  const badge = formatUnreadBadge(unreadCount);
  const label = unreadCount > 0 ? `Notificaciones, ${unreadCount} sin leer` : 'Notificaciones';
  return (
    <ActionIcon ref={ref} variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick} {...targetProps}>
      <Indicator label={badge} disabled={!badge} size={16} color="red" offset={2}>
        <IconBell size={20} stroke={1.7} />
      </Indicator>
    </ActionIcon>
  );
});
