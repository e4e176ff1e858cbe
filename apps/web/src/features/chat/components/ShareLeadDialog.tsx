/** 'Compartir en el chat''s dialog: the channel or colleague, then the lead card is posted (ShareLeadButton loads it on click). */
import { displayName } from '@crm/domain';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useSendChatMessage } from '../hooks/useSendChatMessage';

export function ShareLeadDialog({ lead, onClose }: { lead: { id: number; name: string }; onClose: () => void }) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.chat.channels.queryOptions());
  const users = useQuery(trpc.chat.availableUsers.queryOptions());
  const send = useSendChatMessage();
  const [target, setTarget] = useState<string | null>(null);

  const data = [
    {
      group: 'Canales y grupos',
      items: (channels.data ?? []).map((channel) => ({ value: `c${channel.id}`, label: channel.name })),
    },
    {
      group: 'Compañeros',
      items: (users.data ?? []).map((user) => ({
        value: `u${user.id}`,
        label: displayName(user),
      })),
    },
  ];

  const share = () => {
    if (!target) return;
    const id = Number(target.slice(1));
    const to = target.startsWith('c') ? { channelId: id } : { receiverId: id };
    send.mutate(
      { ...to, message: '', leadId: lead.id },
      {
        onSuccess: () => {
          notifySuccess('Lead compartido', lead.name);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Compartir en el chat">
      <Stack>
        <Text size="sm">
          Envía la ficha de <b>{lead.name}</b>: quien pueda ver el lead la abrirá con un clic.
        </Text>
        <Select label="Enviar a" placeholder="Elige un canal o un compañero" data={data} value={target} onChange={setTarget} searchable />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={share} disabled={!target} loading={send.isPending}>
            Compartir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
