/** One web form: name, state, where it lives, its role and submissions, and what to do with it. */
import { type WebForm, webFormEmbedSnippet, webFormPageUrl } from '@crm/domain';
import { ActionIcon, Anchor, Badge, Button, Card, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCode, IconInbox, IconLink, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTeamFormat } from '../../../lib/useTeamFormat';

interface WebFormCardProps {
  form: WebForm;
  onEdit: () => void;
  onDelete: () => void;
  onSubmissions: () => void;
}

export function WebFormCard({ form, onEdit, onDelete, onSubmissions }: WebFormCardProps) {
  const format = useTeamFormat();
  const pageUrl = webFormPageUrl(window.location.origin, form.slug);
  return (
    <Card data-testid="web-form-card" aria-label={form.name} h="100%">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} miw={0}>
            <Text fw={700} truncate>
              {form.name}
            </Text>
            <Badge variant="light" color={form.active ? 'green' : 'gray'} style={{ alignSelf: 'flex-start' }}>
              {form.active ? 'Activo' : 'Inactivo'}
            </Badge>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar formulario ${form.name}`} onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Eliminar">
              <ActionIcon variant="subtle" color="red" aria-label={`Eliminar formulario ${form.name}`} onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Anchor href={pageUrl} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {pageUrl}
        </Anchor>
        <Text size="sm" c="dimmed">
          {form.roleName ? `Reparto: ${form.roleName}` : 'Sin reparto: los leads quedan sin asignar'}
        </Text>
        <Text size="sm">
          {form.submissions === 1 ? '1 envío' : `${form.submissions} envíos`}
          {form.lastSubmissionAt ? ` · último ${format.dateTime(form.lastSubmissionAt)}` : ''}
        </Text>
        <Group gap="xs">
          <CopyButton value={pageUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" leftSection={<IconLink size={16} />} onClick={copy}>
                {copied ? 'Enlace copiado' : 'Copiar enlace'}
              </Button>
            )}
          </CopyButton>
          <CopyButton value={webFormEmbedSnippet(window.location.origin, form)}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" leftSection={<IconCode size={16} />} onClick={copy}>
                {copied ? 'Código copiado' : 'Copiar código para insertar'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" leftSection={<IconInbox size={16} />} onClick={onSubmissions}>
            Ver envíos
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
