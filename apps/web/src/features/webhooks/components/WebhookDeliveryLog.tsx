/** 'Entregas' of one endpoint: each event's status, the receiver's answer, when, how many tries, and 'Reenviar'. */
import { type WebhookDelivery, type WebhookEndpoint, WEBHOOK_DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS } from '@crm/domain';
import { Badge, Button, Center, Group, Loader, Modal, ScrollArea, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { useWebhookFeedback } from '../hooks/useWebhookFeedback';

const STATUS_COLOR = { pending: 'yellow', delivered: 'teal', failed: 'red' } as const;

function answerOf(delivery: WebhookDelivery): string {
  if (delivery.lastError) return delivery.lastError;
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  return 'Aún sin intentar';
}

function DeliveryRows({ endpoint }: { endpoint: WebhookEndpoint }) {
  const trpc = useTRPC();
  const format = useTeamFormat();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const page = useQuery(trpc.webhooks.deliveries.queryOptions({ id: endpoint.id, before, limit: 50 }));
  const feedback = useWebhookFeedback({ done: 'Reenvío programado', failed: 'No se pudo reenviar' });
  const resend = useMutation(trpc.webhooks.resend.mutationOptions(feedback));

  if (page.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando entregas" />
      </Center>
    );
  }
  if (page.isError) return <LoadError title="No se pudieron cargar las entregas" query={page} />;
  if (page.data.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {before === undefined ? 'Todavía no hay entregas: aparecerán cuando ocurra uno de sus eventos.' : 'No hay entregas anteriores.'}
      </Text>
    );
  }
  return (
    <Stack>
      <ScrollArea>
        <Table striped verticalSpacing="xs" miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Evento</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Respuesta</Table.Th>
              <Table.Th>Intentos</Table.Th>
              <Table.Th>Fecha</Table.Th>
              <Table.Th>
                <VisuallyHidden>Acciones</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.items.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>
                  <Text size="sm">{WEBHOOK_EVENT_LABELS[delivery.eventType]}</Text>
                  <Text size="xs" c="dimmed">
                    {delivery.leadId === null ? delivery.eventType : `${delivery.eventType} · lead ${delivery.leadId}`}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge color={STATUS_COLOR[delivery.status]} variant="light" style={{ overflow: 'visible' }}>
                    {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" maw={260} style={{ wordBreak: 'break-word' }}>
                    {answerOf(delivery)}
                  </Text>
                  {delivery.nextAttemptAt && delivery.attempts > 0 ? (
                    <Text size="xs" c="dimmed">
                      Próximo intento: {format.dateTime(delivery.nextAttemptAt)}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>
                  <Text size="sm">{format.dateTime(delivery.lastAttemptAt ?? delivery.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    loading={resend.isPending && resend.variables.id === delivery.id}
                    onClick={() => resend.mutate({ id: delivery.id })}
                    aria-label={`Reenviar entrega ${delivery.id}`}
                  >
                    Reenviar
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between">
        <Button variant="subtle" disabled={before === undefined} onClick={() => setBefore(undefined)}>
          Más recientes
        </Button>
        <Button variant="subtle" disabled={page.data.nextBefore === null} onClick={() => setBefore(page.data.nextBefore ?? undefined)}>
          Anteriores
        </Button>
      </Group>
    </Stack>
  );
}

export function WebhookDeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title="Entregas" size="xl" centered>
      {endpoint ? (
        <Stack>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          <DeliveryRows key={endpoint.id} endpoint={endpoint} />
        </Stack>
      ) : null}
    </Modal>
  );
}
