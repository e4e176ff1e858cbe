/**
 * 'Etiquetas' on a lead's page (docs/leads.md): everyone sees them; whoever may edit the lead
 * (admin, manager) picks them; admins and managers create new ones on the spot.
 */
import { type LeadListItem, TAG_COLORS, TAG_LIMITS, can } from '@crm/domain';
import { Button, Card, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useLeadWritten } from '../../leads/hooks/lead-events';
import { TagBadge } from './TagBadge';

export function LeadTags({ lead }: { lead: LeadListItem }) {
  const user = useCurrentUser();
  const editable = can(user, 'lead.manage');
  return (
    <Card>
      <Stack gap="sm">
        <Text fw={600} id={`lead-tags-${lead.id}`}>
          Etiquetas
        </Text>
        {editable ? (
          <TagPicker lead={lead} />
        ) : lead.tags.length > 0 ? (
          <Group gap={6}>
            {lead.tags.map((tag) => (
              <TagBadge key={tag.id} tag={tag} />
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Sin etiquetas
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function TagPicker({ lead }: { lead: LeadListItem }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const written = useLeadWritten();
  const tags = useQuery(trpc.tags.list.queryOptions());
  const setTags = useMutation(
    trpc.tags.setForLead.mutationOptions({
      onSuccess: (updated) => {
        written(updated);
        void queryClient.invalidateQueries({ queryKey: trpc.tags.list.queryKey() });
      },
      onError: (error) => notifyError('No se pudieron guardar las etiquetas', serverMessage(error, 'Inténtalo de nuevo')),
    }),
  );
  const [newName, setNewName] = useState('');
  const create = useMutation(
    trpc.tags.create.mutationOptions({
      onSuccess: (tag) => {
        setNewName('');
        void queryClient.invalidateQueries({ queryKey: trpc.tags.list.queryKey() });
        setTags.mutate({ id: lead.id, tagIds: [...lead.tags.map((item) => item.id), tag.id] });
      },
      onError: (error) => notifyError('No se pudo crear la etiqueta', serverMessage(error, 'Inténtalo de nuevo')),
    }),
  );
  const options = (tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }));
  // The lead's own tags are options even before the list arrives.
  for (const tag of lead.tags)
    if (!options.some((option) => option.value === String(tag.id))) options.push({ value: String(tag.id), label: tag.name });
  return (
    <Stack gap="xs">
      {lead.tags.length > 0 ? (
        <Group gap={6}>
          {lead.tags.map((tag) => (
            <TagBadge key={tag.id} tag={tag} />
          ))}
        </Group>
      ) : null}
      <MultiSelect
        aria-labelledby={`lead-tags-${lead.id}`}
        placeholder="Elige etiquetas"
        data={options}
        value={lead.tags.map((tag) => String(tag.id))}
        onChange={(values) => setTags.mutate({ id: lead.id, tagIds: values.map(Number) })}
        searchable
        nothingFoundMessage="Sin etiquetas con ese nombre"
        maxValues={TAG_LIMITS.perLead}
        disabled={setTags.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      {can(user, 'tag.manage') ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (newName.trim()) create.mutate({ name: newName, color: TAG_COLORS[(tags.data?.length ?? 0) % TAG_COLORS.length] });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Nueva etiqueta"
              size="xs"
              maxLength={TAG_LIMITS.name}
              value={newName}
              onChange={(event) => setNewName(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" size="xs" variant="light" loading={create.isPending} disabled={!newName.trim()}>
              Crear
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
