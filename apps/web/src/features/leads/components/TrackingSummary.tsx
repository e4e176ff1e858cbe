/** The 'Seguimiento de Conversación' block of a Contactados card, with its Agregar / Editar button. */
import { type LeadListItem, formatDate, progressLabel } from '@crm/domain';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMessageCircle, IconPencil, IconPlus } from '@tabler/icons-react';

export function TrackingSummary({ lead, onTrack }: { lead: LeadListItem; onTrack: (lead: LeadListItem) => void }) {
  const tracking = lead.tracking;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMessageCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" fw={600}>
              Seguimiento de Conversación
            </Text>
          </Group>
          <Button
            size="compact-xs"
            variant="light"
            style={{ flexShrink: 0 }}
            leftSection={tracking ? <IconPencil size={12} /> : <IconPlus size={12} />}
            onClick={() => onTrack(lead)}
          >
            {tracking ? 'Editar' : 'Agregar'}
          </Button>
        </Group>
        {tracking ? (
          <>
            <Group gap={6}>
              <Badge variant="light" color="indigo">
                {progressLabel(tracking.progressLevel)}
              </Badge>
              {tracking.hasResponded ? (
                <Badge variant="light" color="green">
                  ✓ Respondió
                </Badge>
              ) : null}
            </Group>
            <Group gap="md">
              <Text size="xs">
                <strong>{tracking.calls}</strong> {tracking.calls === 1 ? 'llamada' : 'llamadas'}
              </Text>
              <Text size="xs">
                <strong>{tracking.messagesToLead}</strong> enviados
              </Text>
              <Text size="xs">
                <strong>{tracking.messagesFromLead}</strong> recibidos
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              Último contacto: {formatDate(`${tracking.lastContactDate}T00:00:00`)}
            </Text>
            {tracking.notes ? (
              <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'break-word' }}>
                {tracking.notes}
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="xs" c="dimmed">
            Sin seguimiento registrado
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
