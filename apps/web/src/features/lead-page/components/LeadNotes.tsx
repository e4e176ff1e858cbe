/** 'Notas': anyone who reads the lead adds one; its author edits or deletes it (the server checks the same rule). */
import { type LeadNote, canEditLeadNote } from '@crm/domain';
import { ActionIcon, Button, Card, Group, Paper, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';

/** After a note changes, its list and the lead's timeline (which records notes) reload. */
function useRefreshNotes(leadId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.leadNotes.list.queryKey({ leadId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.leadHistory.pathKey() }),
    ]);
}

function NoteItem({ note, leadId }: { note: LeadNote; leadId: number }) {
  const format = useTeamFormat();
  const trpc = useTRPC();
  const user = useCurrentUser();
  const refresh = useRefreshNotes(leadId);
  const [draft, setDraft] = useState<string | null>(null);
  const update = useMutation(
    trpc.leadNotes.update.mutationOptions({
      onSuccess: async () => {
        setDraft(null);
        notifySuccess('Nota actualizada');
        await refresh();
      },
      onError: (error) => notifyError('No se pudo actualizar la nota', serverMessage(error, 'Error al actualizar la nota')),
    }),
  );
  const remove = useMutation(
    trpc.leadNotes.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Nota eliminada');
        await refresh();
      },
      onError: (error) => notifyError('No se pudo eliminar la nota', serverMessage(error, 'Error al eliminar la nota')),
    }),
  );
  const own = canEditLeadNote(user, { authorId: note.author?.id ?? null });
  const edited = new Date(note.updatedAt).getTime() !== new Date(note.createdAt).getTime();

  return (
    <Paper withBorder p="sm" radius="md" data-testid="lead-note">
      {draft !== null ? (
        <Stack gap="xs">
          <Textarea aria-label="Editar nota" value={draft} onChange={(event) => setDraft(event.currentTarget.value)} autosize minRows={2} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setDraft(null)}>
              Cancelar
            </Button>
            <Button size="xs" loading={update.isPending} onClick={() => update.mutate({ id: note.id, body: draft })}>
              Guardar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
              {note.body}
            </Text>
            {own ? (
              <Group gap={2} wrap="nowrap">
                <Tooltip label="Editar nota">
                  <ActionIcon variant="subtle" size="sm" aria-label="Editar nota" onClick={() => setDraft(note.body)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Eliminar nota">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label="Eliminar nota"
                    loading={remove.isPending}
                    onClick={() => remove.mutate({ id: note.id })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {note.author?.name ?? 'Usuario desconocido'} · {format.dateTime(note.createdAt)}
            {edited ? ' (editada)' : ''}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

export function LeadNotes({ leadId }: { leadId: number }) {
  const trpc = useTRPC();
  const notes = useQuery(trpc.leadNotes.list.queryOptions({ leadId }));
  const refresh = useRefreshNotes(leadId);
  const [body, setBody] = useState('');
  const create = useMutation(
    trpc.leadNotes.create.mutationOptions({
      onSuccess: async () => {
        setBody('');
        notifySuccess('Nota agregada');
        await refresh();
      },
      onError: (error) => notifyError('No se pudo agregar la nota', serverMessage(error, 'Error al agregar la nota')),
    }),
  );

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Notas
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ leadId, body });
          }}
        >
          <Stack gap="xs">
            <Textarea
              aria-label="Nueva nota"
              placeholder="Escribe una nota sobre este lead..."
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={create.isPending} disabled={!body.trim()}>
                Agregar nota
              </Button>
            </Group>
          </Stack>
        </form>
        {(notes.data ?? []).map((note) => (
          <NoteItem key={note.id} note={note} leadId={leadId} />
        ))}
        {notes.isSuccess && notes.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin notas todavía
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
