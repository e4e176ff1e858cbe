/** A Vendedor's status moves on his own lead ('Mover a'): loaded by LeadActions on the first click, open at once. */
import { type LeadStatus, statusLabel } from '@crm/domain';
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';

interface OwnerStatusMenuProps {
  moves: LeadStatus[];
  pending: boolean;
  onMove: (status: LeadStatus) => void;
}

export function OwnerStatusMenu({ moves, pending, onMove }: OwnerStatusMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>
        <Tooltip label="Cambiar estado">
          <ActionIcon variant="subtle" aria-label="Cambiar estado" loading={pending}>
            <IconArrowsExchange size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Mover a</Menu.Label>
        {moves.map((status) => (
          <Menu.Item key={status} onClick={() => onMove(status)}>
            {statusLabel(status)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
