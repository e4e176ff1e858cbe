/** The open conversation with a colleague: who (with real presence), then the shared frame's messages and composer. */
import { type ChatContact, displayName } from '@crm/domain';
import { Box, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { UserAvatar } from '../../../components/UserAvatar';
import { useTRPC } from '../../../lib/trpc';
import { useMarkConversationRead } from '../hooks/useMarkConversationRead';
import { useReportViewing } from '../hooks/useReportViewing';
import { ConversationFrame } from './ConversationFrame';

export function Conversation({ contact, viewerId, onBack }: { contact: ChatContact; viewerId: number; onBack?: () => void }) {
  const trpc = useTRPC();
  const messages = useQuery(trpc.chat.messages.queryOptions({ userId: contact.id }));
  const online = useQuery(trpc.chat.onlineUserIds.queryOptions());
  useMarkConversationRead(contact.id, viewerId, messages.data);
  useReportViewing({ userId: contact.id });

  const isOnline = online.data?.includes(contact.id) ?? false;

  return (
    <ConversationFrame
      target={{ receiverId: contact.id }}
      viewerId={viewerId}
      backLabel="Volver a los contactos"
      onBack={onBack}
      messages={messages}
      emptyText="No hay mensajes. ¡Inicia la conversación!"
      nameOf={() => contact.firstName ?? contact.username}
      header={
        <>
          <UserAvatar user={contact} />
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} truncate>
              {displayName(contact)}
            </Text>
            <Text size="xs" c={isOnline ? 'teal.7' : 'dimmed'} data-testid="chat-presence">
              {isOnline ? 'En línea' : 'Desconectado'}
            </Text>
          </Box>
        </>
      }
    />
  );
}
