/** 'Nuevo grupo' and 'Editar grupo': a name and the colleagues in it (the creator is always in). */
import { type ChatChannel, createChannelSchema, displayName } from '@crm/domain';
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { refreshChatSummaries } from '../hooks/chat-cache';

interface GroupValues {
  name: string;
  memberIds: string[];
}

export function GroupDialog({
  opened,
  onClose,
  onSaved,
  channel,
  currentMemberIds = [],
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (channelId: number) => void;
  /** Editing this group; creating one when absent. */
  channel?: ChatChannel | undefined;
  currentMemberIds?: number[];
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery({ ...trpc.chat.availableUsers.queryOptions(), enabled: opened });
  const form = useForm<GroupValues>({
    initialValues: { name: channel?.name ?? '', memberIds: currentMemberIds.map(String) },
    validate: schemaResolver(createChannelSchema),
  });
  const done = (saved: ChatChannel) => {
    refreshChatSummaries(queryClient, trpc);
    void queryClient.invalidateQueries({ queryKey: trpc.chat.channelMembers.pathKey() });
    notifySuccess(channel ? 'Grupo actualizado' : 'Grupo creado', saved.name);
    form.reset();
    onSaved(saved.id);
  };
  const fail = (error: unknown) => notifyError('Error', serverMessage(error, 'No se pudo guardar el grupo'));
  const create = useMutation(trpc.chat.createChannel.mutationOptions({ onSuccess: done, onError: fail }));
  const update = useMutation(trpc.chat.updateChannel.mutationOptions({ onSuccess: done, onError: fail }));

  const submit = form.onSubmit((values) => {
    const input = { name: values.name, memberIds: values.memberIds.map(Number) };
    if (channel) update.mutate({ channelId: channel.id, ...input });
    else create.mutate(input);
  });

  const options = (users.data ?? []).map((user) => ({
    value: String(user.id),
    label: displayName(user),
  }));

  return (
    <Modal opened={opened} onClose={onClose} title={channel ? 'Editar grupo' : 'Nuevo grupo'}>
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Nombre del grupo" withAsterisk data-autofocus {...form.getInputProps('name')} />
          <MultiSelect
            label="Miembros"
            placeholder="Elige compañeros"
            data={options}
            searchable
            nothingFoundMessage="Nadie con ese nombre"
            {...form.getInputProps('memberIds')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {channel ? 'Guardar' : 'Crear grupo'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
