/**
 * The tracking counters as read-only figures: 'Registrar llamada' and 'Registrar mensaje' move them
 * on the server (docs/leads.md, 'Llamadas y mensajes'), nobody types them.
 */
import type { LeadListItem } from '@crm/domain';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTeamFormat } from '../../../lib/useTeamFormat';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

export function TrackingCounters({ lead }: { lead: LeadListItem }) {
  const format = useTeamFormat();
  const record = lead.tracking;
  return (
    <Stack gap={4} data-testid="tracking-counters">
      <SimpleGrid cols={{ base: 2, xs: 4 }}>
        <Figure label="Llamadas" value={String(record?.calls ?? 0)} />
        <Figure label="Mensajes Enviados" value={String(record?.messagesToLead ?? 0)} />
        <Figure label="Mensajes Recibidos" value={String(record?.messagesFromLead ?? 0)} />
        <Figure label="Último contacto" value={record ? format.date(`${record.lastContactDate}T12:00:00Z`) : '—'} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {record?.hasResponded ? '✓ Respondió · ' : ''}Se actualizan con «Registrar llamada».
      </Text>
    </Stack>
  );
}
