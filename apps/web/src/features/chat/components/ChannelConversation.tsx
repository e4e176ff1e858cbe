/**
 * An open channel: its name and member count, search within it, the messages with who sent them
 * and 'Visto por N' on one's own, who is typing, and the composer. The creator and admins edit a group.
 */
import { type ChatChannel, type ChatMessage, seenBy } from '@crm/domain';
import { ActionIcon, Box, Card, Center, Group, Loader, ScrollArea, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconHash, IconPencil, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useTRPC } from '../../../lib/trpc';
import { typingKey } from '../hooks/typing-store';
import { useMarkChannelRead } from '../hooks/useMarkChannelRead';
import { useSendChatMessage } from '../hooks/useSendChatMessage';
import { useTypingAnnouncer } from '../hooks/useTypingAnnouncer';
import { Composer } from './Composer';
import { GroupDialog } from './GroupDialog';
import { MessageList } from './MessageList';
import { TypingLine } from './TypingLine';
import classes from './Chat.module.css';

const PAGE = 100;

export function ChannelConversation({ channel, viewerId, onBack }: { channel: ChatChannel; viewerId: number; onBack?: () => void }) {
  const trpc = useTRPC();
  const messages = useQuery(trpc.chat.channelMessages.queryOptions({ channelId: channel.id, limit: PAGE }));
  const members = useQuery(trpc.chat.channelMembers.queryOptions({ channelId: channel.id }));
  const send = useSendChatMessage();
  const announceTyping = useTypingAnnouncer({ channelId: channel.id });
  const [editing, edit] = useDisclosure(false);
  const [searching, search] = useDisclosure(false);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const found = useQuery({
    ...trpc.chat.search.queryOptions({ channelId: channel.id, text: debounced }),
    enabled: searching && !!debounced,
  });
  const bottom = useRef<HTMLDivElement>(null);
  useMarkChannelRead(channel.id, viewerId, messages.data);

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, channel.id]);

  const names = new Map((members.data ?? []).map((member) => [member.id, member.firstName ?? member.username]));
  const fullNames = new Map(
    (members.data ?? []).map((member) => [member.id, [member.firstName, member.lastName].filter(Boolean).join(' ') || member.username]),
  );
  const nameOf = (userId: number) => names.get(userId) ?? 'Alguien';
  const seen = (message: ChatMessage) => ({
    names: seenBy(members.data ?? [], message).map((member) => fullNames.get(member.id) ?? member.username),
  });
  const shown = searching && debounced ? [...(found.data ?? [])].reverse() : messages.data;

  return (
    <Card withBorder padding={0} className={classes.panel} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {onBack ? (
          <ActionIcon variant="subtle" color="gray" aria-label="Volver a las conversaciones" onClick={onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
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
      </Group>
      {searching ? (
        <TextInput
          m="xs"
          placeholder="Buscar mensajes…"
          aria-label="Buscar mensajes"
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          autoFocus
        />
      ) : null}
      <ScrollArea style={{ flex: 1 }} p="sm">
        {messages.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : messages.isError ? (
          <LoadError title="No se pudieron cargar los mensajes" query={messages} />
        ) : !shown || shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {searching && debounced ? 'Ningún mensaje contiene ese texto' : 'No hay mensajes. ¡Inicia la conversación!'}
          </Text>
        ) : (
          <MessageList messages={shown} viewerId={viewerId} senderName={(id) => fullNames.get(id) ?? 'Antiguo miembro'} seenBy={seen} />
        )}
        <div ref={bottom} />
      </ScrollArea>
      <TypingLine conversationKey={typingKey({ channelId: channel.id })} nameOf={nameOf} />
      <Composer
        sending={send.isPending}
        onTyping={announceTyping}
        onSend={(text, attachmentId) =>
          send.mutateAsync({ channelId: channel.id, message: text, attachmentId }).then(
            () => true,
            () => false,
          )
        }
      />
      {editing ? (
        <GroupDialog
          opened
          onClose={edit.close}
          onSaved={edit.close}
          channel={channel}
          currentMemberIds={(members.data ?? []).map((member) => member.id).filter((id) => id !== viewerId)}
        />
      ) : null}
    </Card>
  );
}
