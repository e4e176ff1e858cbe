/** The messages of a conversation, oldest first, with a separator at each new day (Hoy, Ayer, Lunes, 3 de marzo…). */
import { type ChatMessage, formatChatDaySeparator, isNewChatDay } from '@crm/domain';
import { Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { MessageBubble, type SeenBy } from './MessageBubble';
import classes from './Chat.module.css';

export function MessageList({
  messages,
  viewerId,
  senderName,
  seenBy,
}: {
  messages: ChatMessage[];
  viewerId: number;
  /** Channels name the sender of others' messages. */
  senderName?: (userId: number) => string;
  seenBy?: (message: ChatMessage) => SeenBy;
}) {
  return (
    <Stack gap={6}>
      {messages.map((message, index) => (
        <Fragment key={message.id}>
          {isNewChatDay(messages[index - 1]?.createdAt, message.createdAt) ? (
            <Text className={classes.daySeparator} data-testid="chat-day">
              {formatChatDaySeparator(message.createdAt)}
            </Text>
          ) : null}
          <MessageBubble
            message={message}
            own={message.senderId === viewerId}
            senderName={message.senderId !== viewerId ? senderName?.(message.senderId) : undefined}
            seenBy={seenBy?.(message)}
          />
        </Fragment>
      ))}
    </Stack>
  );
}
