/** 'Nuevo webhook' and 'Editar webhook': URL, events (checkboxes with their Spanish names) and a description, checked by the API's schema. */
import { type WebhookEndpoint, type WebhookWithSecret, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, createWebhookSchema } from '@crm/domain';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useWebhookFeedback } from '../hooks/useWebhookFeedback';

interface WebhookValues {
  url: string;
  events: string[];
  description: string;
}

const EMPTY: WebhookValues = { url: '', events: [], description: '' };

export function WebhookFormDialog({
  editing,
  onClose,
  onCreated,
}: {
  /** 'new' for a creation; an endpoint to edit; null when closed. */
  editing: WebhookEndpoint | 'new' | null;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const trpc = useTRPC();
  const isNew = editing === 'new';
  const form = useForm<WebhookValues>({
    mode: 'controlled',
    initialValues: editing && editing !== 'new' ? { url: editing.url, events: editing.events, description: editing.description } : EMPTY,
    validate: schemaResolver(createWebhookSchema, { sync: true }),
  });
  const created = useWebhookFeedback({ done: 'Webhook creado', failed: 'No se pudo crear el webhook' });
  const saved = useWebhookFeedback({ done: 'Webhook guardado', failed: 'No se pudo guardar el webhook' });
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (endpoint) => {
        onCreated(endpoint);
        await created.onSuccess();
      },
      onError: created.onError,
    }),
  );
  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async () => {
        onClose();
        await saved.onSuccess();
      },
      onError: saved.onError,
    }),
  );
  const pending = create.isPending || update.isPending;
  const submit = form.onSubmit((values) => {
    const parsed = createWebhookSchema.safeParse(values);
    if (!parsed.success) return;
    if (editing === 'new') create.mutate(parsed.data);
    else if (editing) update.mutate({ id: editing.id, ...parsed.data });
  });

  return (
    <Modal opened={editing !== null} onClose={onClose} title={isNew ? 'Nuevo webhook' : 'Editar webhook'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="URL"
            placeholder="https://ejemplo.com/webhooks/crm"
            description="Recibirá un POST firmado por cada evento elegido"
            withAsterisk
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label="Eventos" withAsterisk {...form.getInputProps('events')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {WEBHOOK_EVENTS.map((event) => (
                <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} description={event} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Textarea label="Descripción" placeholder="Para qué sistema es" autosize minRows={2} {...form.getInputProps('description')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" loading={pending}>
              {isNew ? 'Crear webhook' : 'Guardar cambios'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
