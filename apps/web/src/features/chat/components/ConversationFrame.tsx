/**
 * What every open conversation shares, one-to-one or channel: the header with the way back, the
 * messages (loading, failed, empty or listed) kept scrolled to the newest, who is typing, and the composer.
 */
import type { ChatMessage } from '@crm/domain';
import { ActionIcon, Card, Center, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';
import { LoadError } from '../../../components/LoadError';
import { typingKey } from '../hooks/typing-store';
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
  backLabel,
  onBack,
  searchBox,
  messages,
  shown,
  emptyText,
  senderName,
  seenBy,
  nameOf,
  children,
}: {
  /** Where messages and typing go: a channel, or the colleague of a one-to-one chat. */
  target: { channelId: number } | { receiverId: number };
  viewerId: number;
  /** Who or what the conversation is with, and its actions, after the way back. */
  header: ReactNode;
  backLabel: string;
  onBack?: (() => void) | undefined;
  /** Between the header and the messages (a channel's search). */
  searchBox?: ReactNode;
  messages: UseQueryResult<ChatMessage[], unknown>;
  /** A subset to show instead of all the messages (search results). */
  shown?: ChatMessage[] | undefined;
  emptyText: string;
  /** The name in 'Elena está escribiendo…'. */
  nameOf: (userId: number) => string;
  /** Dialogs the conversation opens. */
  children?: ReactNode;
} & Pick<ComponentProps<typeof MessageList>, 'senderName' | 'seenBy'>) {
  const send = useSendChatMessage();
  const announceTyping = useTypingAnnouncer(target);
  const conversationKey = typingKey('channelId' in target ? target : { userId: target.receiverId });
  const bottom = useRef<HTMLDivElement>(null);

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [count, conversationKey]);

  return (
    <Card withBorder padding={0} className={classes.panel} style={{ display: 'flex', flexDirection: 'column' }}>
      <Group gap="sm" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        {onBack ? (
          <ActionIcon variant="subtle" color="gray" aria-label={backLabel} onClick={onBack}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
        {header}
      </Group>
      {searchBox}
      <ScrollArea style={{ flex: 1 }} p="sm">
        {messages.isPending ? (
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        ) : messages.isError ? (
          <LoadError title="No se pudieron cargar los mensajes" query={messages} />
        ) : (shown ?? messages.data).length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {emptyText}
          </Text>
        ) : (
          <MessageList messages={shown ?? messages.data} viewerId={viewerId} senderName={senderName} seenBy={seenBy} />
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
