/**
 * One lead as a card: badges, name, description, email, WhatsApp phone, primary contact, dates, owner,
 * its follow-up (set or reschedule), 'Asignar a:' for admin and manager, and the actions. In Contactados it adds the tracking block.
 */
import { type LeadListItem, can, fullName } from '@crm/domain';
import { Anchor, Badge, Card, Checkbox, Divider, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconUser } from '@tabler/icons-react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { LeadLink } from '../../lead-page/components/LeadLink';
import { ShareLeadButton } from '../../chat/components/ShareLeadButton';
import { FollowUpButton } from '../../follow-ups/components/FollowUpButton';
import { AssignSelect } from './AssignSelect';
import classes from './LeadCard.module.css';
import { LeadActions } from './LeadActions';
import { CategoryBadge, StatusBadge } from './LeadBadges';
import { LeadOwner } from './LeadOwner';
import { LeadPhone } from './LeadPhone';
import { TrackingSummary } from './TrackingSummary';

interface LeadCardProps {
  lead: LeadListItem;
  /** 'contacted' shows the Contactado badge and the 'Seguimiento de Conversación' block. */
  variant: 'active' | 'contacted';
  onEdit: (lead: LeadListItem) => void;
  onTrack: (lead: LeadListItem) => void;
  /** The bulk selection's checkbox, as the table's rows have it. */
  select?: { selected: boolean; onToggle: () => void };
}

export function LeadCard({ lead, variant, onEdit, onTrack, select }: LeadCardProps) {
  const format = useTeamFormat();
  const user = useCurrentUser();
  const contactedBy = lead.contactedByUser
    ? fullName(lead.contactedByUser.firstName, lead.contactedByUser.lastName, 'Usuario desconocido')
    : 'Usuario desconocido';

  return (
    <Card
      data-testid="lead-card"
      className={classes.card}
      h="100%"
      withBorder={select?.selected}
      style={select?.selected ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            {select ? <Checkbox aria-label={`Seleccionar ${lead.name}`} checked={select.selected} onChange={select.onToggle} /> : null}
            <CategoryBadge category={lead.category} />
          </Group>
          <Group gap={6}>
            {variant === 'contacted' ? (
              <Badge color="green" variant="filled">
                Contactado
              </Badge>
            ) : null}
            {variant === 'active' || lead.status !== 'contactado' ? <StatusBadge status={lead.status} /> : null}
            <ShareLeadButton lead={lead} />
          </Group>
        </Group>

        <Stack gap={4}>
          <LeadLink leadId={lead.id} fw={600} size="lg" lh={1.3} style={{ overflowWrap: 'break-word' }}>
            {lead.name}
          </LeadLink>
          {lead.description ? (
            <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'break-word' }}>
              {lead.description}
            </Text>
          ) : null}
        </Stack>

        <Stack gap={4}>
          {lead.email ? (
            <Group gap={6} wrap="nowrap" miw={0}>
              <IconMail size={16} aria-hidden />
              <Anchor href={`mailto:${lead.email}`} size="sm" truncate>
                {lead.email}
              </Anchor>
            </Group>
          ) : null}
          {lead.phone ? <LeadPhone phone={lead.phone} /> : null}
          {lead.primaryContact ? (
            <Group gap={6} wrap="nowrap" miw={0} data-testid="lead-card-contact">
              <IconUser size={16} aria-hidden />
              <Text size="sm" truncate>
                {lead.primaryContact.name}
                {lead.primaryContact.cargo ? ` · ${lead.primaryContact.cargo}` : ''}
              </Text>
            </Group>
          ) : null}
          <Text size="xs" c="dimmed">
            Agregado: {format.date(lead.createdAt)}
          </Text>
          {lead.contactedAt ? (
            <Text size="xs" c="green.8">
              Contactado por {contactedBy} el {format.date(lead.contactedAt)}
            </Text>
          ) : null}
        </Stack>

        {variant === 'contacted' ? <TrackingSummary lead={lead} onTrack={onTrack} /> : null}

        <Stack gap="sm" mt="auto">
          <Divider />
          <LeadOwner lead={lead} />
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              Seguimiento:
            </Text>
            <FollowUpButton lead={lead} />
          </Group>
          {can(user, 'lead.manage') ? <AssignSelect lead={lead} /> : null}
          <LeadActions lead={lead} onEdit={onEdit} />
        </Stack>
      </Stack>
    </Card>
  );
}
