/**
 * The team's WhatsApp inbox ('WhatsApp' in the sidebar): every conversation, unread first, the
 * newest next; 'Mías' keeps the viewer's leads. A row opens the lead, where the panel answers.
 */
import { type WhatsAppInboxItem, fullName } from '@crm/domain';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { ChoiceSwitch } from '../../../components/ChoiceSwitch';

function InboxRow({ item }: { item: WhatsAppInboxItem }) {
  const format = useTeamFormat();
  const unread = item.unreadCount > 0;
  return (
    <UnstyledButton component={Link} to={`/leads/${item.leadId}`} data-testid="whatsapp-inbox-row" style={{ display: 'block' }}>
      <Card withBorder padding="sm" radius="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={unread ? 700 : 500} truncate>
              {item.leadName}
            </Text>
            <Text size="sm" c={unread ? undefined : 'dimmed'} truncate>
              {item.lastDirection === 'outbound' ? 'Tú: ' : ''}
              {item.preview || '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {item.assignee ? fullName(item.assignee.firstName, item.assignee.lastName, 'Usuario') : 'Sin asignar'}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text size="xs" c="dimmed">
              {format.dateTime(item.lastMessageAt)}
            </Text>
            {unread ? (
              <Badge color="red" aria-label={`${item.unreadCount} sin leer`}>
                {item.unreadCount}
              </Badge>
            ) : null}
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

export function WhatsAppInbox() {
  const trpc = useTRPC();
  const [filter, setFilter] = useState<'todas' | 'mias'>('todas');
  const inbox = useQuery(trpc.whatsapp.inbox.queryOptions({ filter }));
  return (
    <Stack gap="md">
      <ChoiceSwitch
        aria-label="Qué conversaciones ver"
        value={filter}
        onChange={(value) => setFilter(value)}
        data={[
          { value: 'todas', label: 'Todas' },
          { value: 'mias', label: 'Mías' },
        ]}
      />
      {inbox.isPending ? (
        <PageLoader label="Cargando conversaciones..." />
      ) : inbox.isError ? (
        <LoadError title="No se pudieron cargar las conversaciones" query={inbox} />
      ) : inbox.data.length === 0 ? (
        <Text c="dimmed" data-testid="whatsapp-inbox-empty">
          {filter === 'mias' ? 'Ninguno de tus leads tiene conversaciones de WhatsApp.' : 'Todavía no hay conversaciones de WhatsApp.'}
        </Text>
      ) : (
        <Stack gap="xs">
          {inbox.data.map((item) => (
            <InboxRow key={item.leadId} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
