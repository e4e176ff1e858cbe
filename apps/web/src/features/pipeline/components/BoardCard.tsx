/**
 * A card on the board: name, category, assignee, next follow-up (set or reschedule it there). It drags with the mouse or a
 * finger (dnd-kit) and, for the keyboard, 'Mover a…' lists the columns this person may move it to.
 */
import { type LeadListItem, LEAD_STATUSES, type LeadStatus, canSetLeadStatus, fullName, statusLabel } from '@crm/domain';
import { useDraggable } from '@dnd-kit/core';
import { ActionIcon, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { SyntheticEvent } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { LeadLink } from '../../lead-page/components/LeadLink';
import { FollowUpButton } from '../../follow-ups/components/FollowUpButton';
import { CategoryBadge } from '../../leads/components/LeadBadges';
import classes from './Board.module.css';

/** The link and the menu inside a card keep their own pointer and keys (Enter opens them, not a drag). */
const ownControl = {
  onPointerDown: (event: SyntheticEvent) => event.stopPropagation(),
  onKeyDown: (event: SyntheticEvent) => event.stopPropagation(),
};

interface BoardCardProps {
  lead: LeadListItem;
  onMove: (lead: LeadListItem, to: LeadStatus) => void;
}

function assigneeName(lead: LeadListItem): string {
  return lead.assignee ? fullName(lead.assignee.firstName, lead.assignee.lastName, 'Usuario desconocido') : 'Sin asignar';
}

/** The card as it follows the pointer while dragged (in dnd-kit's overlay): what identifies the lead. */
export function BoardCardPreview({ lead }: { lead: LeadListItem }) {
  return (
    <Card p="sm" shadow="lg" className={classes.preview} data-testid="board-card-dragged">
      <Stack gap={6}>
        <Text fw={600} size="sm" className={classes.name}>
          {lead.name}
        </Text>
        <Group gap={6}>
          <CategoryBadge category={lead.category} />
        </Group>
        <Text size="xs">{assigneeName(lead)}</Text>
      </Stack>
    </Card>
  );
}

export function BoardCard({ lead, onMove }: BoardCardProps) {
  const user = useCurrentUser();
  const targets = LEAD_STATUSES.filter((status) => status !== lead.status && canSetLeadStatus(user, lead, status));
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: lead.id,
    data: { lead },
    disabled: targets.length === 0,
  });

  return (
    <Card
      ref={setNodeRef}
      p="sm"
      className={classes.card}
      data-dragging={isDragging || undefined}
      data-testid="board-card"
      aria-label={lead.name}
      {...listeners}
      {...attributes}
      // dnd-kit's attributes make the whole card a button; the link and the menu inside stay their own controls.
      role="group"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <LeadLink leadId={lead.id} fw={600} size="sm" className={classes.name} {...ownControl}>
            {lead.name}
          </LeadLink>
          {targets.length > 0 ? (
            // The menu's items live in a portal but their keys still bubble to the card through React: stopped here.
            <div {...ownControl}>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" size="sm" aria-label={`Mover a… (${lead.name})`}>
                    <IconArrowsExchange size={16} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>Mover a</Menu.Label>
                  {targets.map((status) => (
                    <Menu.Item key={status} onClick={() => onMove(lead, status)}>
                      {statusLabel(status)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </div>
          ) : null}
        </Group>
        <Group gap={6}>
          <CategoryBadge category={lead.category} />
        </Group>
        <Text size="xs">{assigneeName(lead)}</Text>
        {/* Its dialog is a portal, but its pointer and keys still bubble to the card through React: stopped here. */}
        <div {...ownControl}>
          <FollowUpButton lead={lead} />
        </div>
      </Stack>
    </Card>
  );
}
