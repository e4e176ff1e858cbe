/** The open conversation: who (with real presence), the messages, newest in view, and the composer. */
import type { ChatContact } from '@crm/domain';
import { ActionIcon, Box, Card, Center, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { UserAvatar } from '../../../components/UserAvatar';
import { useTRPC } from '../../../lib/trpc';
import { useMarkConversationRead } from '../hooks/useMarkConversationRead';
import { useSendChatMessage } from '../hooks/useSendChatMessage';
import { typingKey } from '../hooks/typing-store';
import { useTypingAnnouncer } from '../hooks/useTypingAnnouncer';
import { Composer } from './Composer';
import { TypingLine } from './TypingLine';
import { MessageList } from './MessageList';
import classes from './Chat.module.css';
import { LoadError } from '../../../components/LoadError';

export function Conversation({ contact, viewerId, onBack }: { contact: ChatContact; viewerId: number; onBack?: () => void }) {
  const trpc = useTRPC();
  const messages = useQuery(trpc.chat.messages.queryOptions({ userId: contact.id }));
  const online = useQuery(trpc.chat.onlineUserIds.queryOptions());
  const send = useSendChatMessage();
  const announceTyping = useTypingAnnouncer({ receiverId: contact.id });
  const bottom = useRef<HTMLDivElement>(null);
  useMarkConversationRead(contact.id, viewerId, messages.data);

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, contact.id]);

  const isOnline = online.data?.includes(contact.id) ?? false;
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ') || contact.username;

  return (
    <Card withBorder padding={0} className={classes.panel} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {onBack ? (
          <ActionIcon variant="subtle" color="gray" aria-label="Volver a los contactos" onClick={onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
        <UserAvatar user={contact} />
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c={isOnline ? 'teal.7' : 'dimmed'} data-testid="chat-presence">
            {isOnline ? 'En línea' : 'Desconectado'}
          </Text>
        </Box>
      </Group>
      <ScrollArea style={{ flex: 1 }} p="sm">
        {messages.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : messages.isError ? (
          <LoadError title="No se pudieron cargar los mensajes" query={messages} />
        ) : messages.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No hay mensajes. ¡Inicia la conversación!
          </Text>
        ) : (
          <MessageList messages={messages.data} viewerId={viewerId} />
        )}
        <div ref={bottom} />
      </ScrollArea>
      <TypingLine conversationKey={typingKey({ userId: contact.id })} nameOf={() => contact.firstName ?? contact.username} />
      <Composer
        sending={send.isPending}
        onTyping={announceTyping}
        onSend={(text, attachmentId) =>
          send.mutateAsync({ receiverId: contact.id, message: text, attachmentId }).then(
            () => true,
            () => false,
          )
        }
      />
    </Card>
  );
}
