/**
 * An open channel: its name and member count, search within it, the messages with who sent them
 * and 'Visto por N' on one's own, who is typing, and the composer. The creator and admins edit a group.
 */
import { type ChatChannel, type ChatMessage, displayName, seenBy } from '@crm/domain';
import { ActionIcon, Box, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconHash, IconPencil, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useMarkChannelRead } from '../hooks/useMarkChannelRead';
import { ConversationFrame } from './ConversationFrame';
import { GroupDialog } from './GroupDialog';

const PAGE = 100;

export function ChannelConversation({ channel, viewerId, onBack }: { channel: ChatChannel; viewerId: number; onBack?: () => void }) {
  const trpc = useTRPC();
  const messages = useQuery(trpc.chat.channelMessages.queryOptions({ channelId: channel.id, limit: PAGE }));
  const members = useQuery(trpc.chat.channelMembers.queryOptions({ channelId: channel.id }));
  const [editing, edit] = useDisclosure(false);
  const [searching, search] = useDisclosure(false);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const found = useQuery({
    ...trpc.chat.search.queryOptions({ channelId: channel.id, text: debounced }),
    enabled: searching && !!debounced,
  });
  useMarkChannelRead(channel.id, viewerId, messages.data);

  const names = new Map((members.data ?? []).map((member) => [member.id, member.firstName ?? member.username]));
  const fullNames = new Map((members.data ?? []).map((member) => [member.id, displayName(member)]));
  const seen = (message: ChatMessage) => ({
    names: seenBy(members.data ?? [], message).map((member) => fullNames.get(member.id) ?? member.username),
  });
  const filtering = searching && !!debounced;

  return (
    <ConversationFrame
      target={{ channelId: channel.id }}
      viewerId={viewerId}
      backLabel="Volver a las conversaciones"
      onBack={onBack}
      messages={messages}
      shown={filtering ? [...(found.data ?? [])].reverse() : undefined}
      emptyText={filtering ? 'Ningún mensaje contiene ese texto' : 'No hay mensajes. ¡Inicia la conversación!'}
      senderName={(id) => fullNames.get(id) ?? 'Antiguo miembro'}
      seenBy={seen}
      nameOf={(userId) => names.get(userId) ?? 'Alguien'}
      header={
        <>
          {channel.kind === 'group' ? <IconUsersGroup size={22} aria-hidden /> : <IconHash size={22} aria-hidden />}
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} truncate>
              {channel.name}
            </Text>
            <Text size="xs" c="dimmed">
              {channel.memberCount === 1 ? '1 miembro' : `${channel.memberCount} miembros`}
            </Text>
          </Box>
          <Tooltip label="Buscar en la conversación">
            <ActionIcon variant="subtle" color="gray" aria-label="Buscar en la conversación" onClick={search.toggle}>
              <IconSearch size={18} />
            </ActionIcon>
          </Tooltip>
          {channel.canManage ? (
            <Tooltip label="Editar grupo">
              <ActionIcon variant="subtle" color="gray" aria-label="Editar grupo" onClick={edit.open}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </>
      }
      searchBox={
        searching ? (
          <TextInput
            m="xs"
            placeholder="Buscar mensajes…"
            aria-label="Buscar mensajes"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            autoFocus
          />
        ) : null
      }
    >
      {editing ? (
        <GroupDialog
          opened
          onClose={edit.close}
          onSaved={edit.close}
          channel={channel}
          currentMemberIds={(members.data ?? []).map((member) => member.id).filter((id) => id !== viewerId)}
        />
      ) : null}
    </ConversationFrame>
  );
}
