/**
 * 'Configuración → Webhooks' (admin; docs/webhooks.md): the endpoints, each with its events and
 * state, and what an admin does with them: create (the secret shown once), edit, pause or resume,
 * rotate the secret, see the deliveries and resend one, delete.
 */
import { type WebhookEndpoint, type WebhookWithSecret, WEBHOOK_EVENT_LABELS } from '@crm/domain';
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/ConfirmDeleteDialog';
import { LoadError } from '../../../components/LoadError';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { useWebhookFeedback } from '../hooks/useWebhookFeedback';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';
import { WebhookFormDialog } from './WebhookFormDialog';
import { WebhookSecretDialog } from './WebhookSecretDialog';

interface CardActions {
  onEdit: () => void;
  onDeliveries: () => void;
  onRotated: (rotated: WebhookWithSecret) => void;
  onDelete: () => void;
}

function WebhookCard({ endpoint, actions }: { endpoint: WebhookEndpoint; actions: CardActions }) {
  const trpc = useTRPC();
  const format = useTeamFormat();
  const paused = useWebhookFeedback({
    done: endpoint.paused ? 'Webhook reanudado' : 'Webhook pausado',
    failed: endpoint.paused ? 'No se pudo reanudar' : 'No se pudo pausar',
  });
  const toggle = useMutation(trpc.webhooks.update.mutationOptions(paused));
  const rotatedFeedback = useWebhookFeedback({ done: 'Secreto cambiado', failed: 'No se pudo cambiar el secreto' });
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: async (rotated) => {
        actions.onRotated(rotated);
        await rotatedFeedback.onSuccess();
      },
      onError: rotatedFeedback.onError,
    }),
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ wordBreak: 'break-all' }}>
              {endpoint.url}
            </Title>
            {endpoint.description ? (
              <Text size="sm" c="dimmed">
                {endpoint.description}
              </Text>
            ) : null}
          </Stack>
          <Badge color={endpoint.paused ? 'gray' : 'teal'} variant="light" style={{ flexShrink: 0 }}>
            {endpoint.paused ? 'Pausado' : 'Activo'}
          </Badge>
        </Group>
        {endpoint.pausedReason ? (
          <Alert color="red" p="xs">
            {endpoint.pausedReason}
          </Alert>
        ) : null}
        {endpoint.failingSince && !endpoint.paused ? (
          <Text size="sm" c="red.8">
            Falla desde {format.dateTime(endpoint.failingSince)}: se pausará si sigue fallando 24 horas.
          </Text>
        ) : null}
        <Group gap={6}>
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" color="blue" tt="none">
              {WEBHOOK_EVENT_LABELS[event]}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="light" onClick={actions.onDeliveries}>
            Entregas
          </Button>
          <Button size="xs" variant="default" onClick={actions.onEdit}>
            Editar
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={toggle.isPending}
            onClick={() => toggle.mutate({ id: endpoint.id, paused: !endpoint.paused })}
          >
            {endpoint.paused ? 'Reanudar' : 'Pausar'}
          </Button>
          <Button size="xs" variant="default" loading={rotate.isPending} onClick={() => rotate.mutate({ id: endpoint.id })}>
            Cambiar secreto
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={actions.onDelete}>
            Eliminar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function WebhooksPanel() {
  const trpc = useTRPC();
  const list = useQuery(trpc.webhooks.list.queryOptions());
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ shown: WebhookWithSecret; rotated: boolean } | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const removedFeedback = useWebhookFeedback({ done: 'Webhook eliminado', failed: 'No se pudo eliminar el webhook' });
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => {
        setRemoving(null);
        await removedFeedback.onSuccess();
      },
      onError: removedFeedback.onError,
    }),
  );

  let content;
  if (list.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Cargando webhooks" />
      </Center>
    );
  } else if (list.isError) {
    content = <LoadError title="No se pudieron cargar los webhooks" query={list} />;
  } else if (list.data.length === 0) {
    content = (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="xs">
          <IconWebhook size={32} stroke={1.5} aria-hidden />
          <Text fw={500}>Ningún webhook todavía</Text>
          <Text size="sm" c="dimmed" ta="center" maw={460}>
            Un webhook avisa a otro sistema (tu web, una hoja de cálculo, una automatización) cada vez que ocurre algo en el CRM.
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    content = list.data.map((endpoint) => (
      <WebhookCard
        key={endpoint.id}
        endpoint={endpoint}
        actions={{
          onEdit: () => setEditing(endpoint),
          onDeliveries: () => setLogOf(endpoint),
          onRotated: (rotated) => setSecret({ shown: rotated, rotated: true }),
          onDelete: () => setRemoving(endpoint),
        }}
      />
    ));
  }

  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={560}>
          Cada envío va firmado (Standard Webhooks), se reintenta durante 24 horas y llega en orden para cada lead.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Nuevo webhook
        </Button>
      </Group>
      {content}
      <WebhookFormDialog
        key={editing === 'new' ? 'new' : (editing?.id ?? 'cerrado')}
        editing={editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setEditing(null);
          setSecret({ shown: created, rotated: false });
        }}
      />
      <WebhookSecretDialog shown={secret?.shown ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
      <WebhookDeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />
      <ConfirmDeleteDialog
        opened={removing !== null}
        title="Eliminar webhook"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      >
        {`Se dejará de enviar a ${removing?.url ?? ''} y se borrará su registro de entregas.`}
      </ConfirmDeleteDialog>
    </Stack>
  );
}
