/**
 * What every open conversation shares, one-to-one or channel: the header with the way back and
 * the search, the messages (loading, failed, empty or listed) kept scrolled to the newest, who is
 * typing, and the composer.
 */
import type { ChatMessage } from '@crm/domain';
import { ActionIcon, Card, Center, Group, Loader, ScrollArea, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';
import { LoadError } from '../../../components/LoadError';
import { typingKey } from '../hooks/typing-store';
import { useConversationSearch } from '../hooks/useConversationSearch';
import { useSendChatMessage } from '../hooks/useSendChatMessage';
import { useTypingAnnouncer } from '../hooks/useTypingAnnouncer';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { TypingLine } from './TypingLine';
import classes from './Chat.module.css';

export function ConversationFrame({
  target,
  viewerId,
  header,
  actions,
  backLabel,
  onBack,
  messages,
  older,
  emptyText,
  senderName,
  seenBy,
  nameOf,
  children,
}: {
  /** Where messages and typing go: a channel, or the colleague of a one-to-one chat. */
  target: { channelId: number } | { receiverId: number };
  viewerId: number;
  /** Who or what the conversation is with, after the way back. */
  header: ReactNode;
  /** Buttons after the search's (a group's 'Editar grupo'). */
  actions?: ReactNode;
  backLabel: string;
  onBack?: (() => void) | undefined;
  /** The newest messages, kept live. */
  messages: UseQueryResult<ChatMessage[], unknown>;
  /** Earlier pages read on demand (a channel's), shown above the newest, and the control that reads the next. */
  older?: { messages: ChatMessage[]; control: ReactNode } | undefined;
  emptyText: string;
  /** The name in 'Elena está escribiendo…'. */
  nameOf: (userId: number) => string;
  /** Dialogs the conversation opens. */
  children?: ReactNode;
} & Pick<ComponentProps<typeof MessageList>, 'senderName' | 'seenBy'>) {
  const send = useSendChatMessage();
  const announceTyping = useTypingAnnouncer(target);
  const conversationKey = typingKey('channelId' in target ? target : { userId: target.receiverId });
  const search = useConversationSearch('channelId' in target ? target : { userId: target.receiverId });
  const bottom = useRef<HTMLDivElement>(null);

  // A new message scrolls to it; reading earlier pages does not.
  const newestId = messages.data?.at(-1)?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestId, conversationKey]);
  const listed = search.matches ?? [...(older?.messages ?? []), ...(messages.data ?? [])];

  return (
    <Card withBorder padding={0} className={classes.panel} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {onBack ? (
          <ActionIcon variant="subtle" color="gray" aria-label={backLabel} onClick={onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
        {header}
        <Tooltip label="Buscar en la conversación">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Buscar en la conversación"
            aria-pressed={search.open}
            onClick={search.toggle}
          >
            <IconSearch size={18} />
          </ActionIcon>
        </Tooltip>
        {actions}
      </Group>
      {search.open ? (
        <TextInput
          m="xs"
          placeholder="Buscar mensajes…"
          aria-label="Buscar mensajes"
          value={search.text}
          onChange={(event) => search.setText(event.currentTarget.value)}
          autoFocus
        />
      ) : null}
      <ScrollArea style={{ flex: 1 }} p="sm">
        {search.matches === undefined ? older?.control : null}
        {messages.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : messages.isError ? (
          <LoadError title="No se pudieron cargar los mensajes" query={messages} />
        ) : listed.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {search.matches ? 'Ningún mensaje contiene ese texto' : emptyText}
          </Text>
        ) : (
          <MessageList messages={listed} viewerId={viewerId} senderName={senderName} seenBy={seenBy} />
        )}
        <div ref={bottom} />
      </ScrollArea>
      <TypingLine conversationKey={conversationKey} nameOf={nameOf} />
      <Composer
        sending={send.isPending}
        onTyping={announceTyping}
        onSend={(text, attachmentId) =>
          send.mutateAsync({ ...target, message: text, attachmentId }).then(
            () => true,
            () => false,
          )
        }
      />
      {children}
    </Card>
  );
}
