/**
 * An open channel: its name and member count, the messages with who sent them and 'Visto por N'
 * on one's own, earlier pages on demand, and (from the shared frame) search, typing and the
 * composer. The creator and admins edit a group.
 */
import { type ChatChannel, type ChatMessage, displayName, seenBy, formatCount } from '@crm/domain';
import { ActionIcon, Box, Button, Center, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHash, IconPencil, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useMarkChannelRead } from '../hooks/useMarkChannelRead';
import { useReportViewing } from '../hooks/useReportViewing';
import { useOlderChannelMessages } from '../hooks/useOlderChannelMessages';
import { ConversationFrame } from './ConversationFrame';
import { GroupDialog } from './GroupDialog';

const PAGE = 100;

export function ChannelConversation({ channel, viewerId, onBack }: { channel: ChatChannel; viewerId: number; onBack?: () => void }) {
  const trpc = useTRPC();
  const messages = useQuery(trpc.chat.channelMessages.queryOptions({ channelId: channel.id, limit: PAGE }));
  const members = useQuery(trpc.chat.channelMembers.queryOptions({ channelId: channel.id }));
  const older = useOlderChannelMessages(channel.id, messages.data, PAGE);
  const [editing, edit] = useDisclosure(false);
  useMarkChannelRead(channel.id, viewerId, messages.data);
  useReportViewing({ channelId: channel.id });

  const names = new Map((members.data ?? []).map((member) => [member.id, member.firstName ?? member.username]));
  const fullNames = new Map((members.data ?? []).map((member) => [member.id, displayName(member)]));
  const seen = (message: ChatMessage) => ({
    names: seenBy(members.data ?? [], message).map((member) => fullNames.get(member.id) ?? member.username),
  });

  return (
    <ConversationFrame
      target={{ channelId: channel.id }}
      viewerId={viewerId}
      backLabel="Volver a las conversaciones"
      onBack={onBack}
      messages={messages}
      older={{
        messages: older.older,
        control: older.hasMore ? (
          <Center pb="xs">
            <Button variant="subtle" size="compact-sm" loading={older.loading} onClick={() => void older.loadOlder()}>
              {older.failed ? 'No se pudieron cargar. Reintentar' : 'Cargar mensajes anteriores'}
            </Button>
          </Center>
        ) : null,
      }}
      emptyText="No hay mensajes. ¡Inicia la conversación!"
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
              {formatCount(channel.memberCount, 'miembro', 'miembros')}
            </Text>
          </Box>
        </>
      }
      actions={
        channel.canManage ? (
          <Tooltip label="Editar grupo">
            <ActionIcon variant="subtle" color="gray" aria-label="Editar grupo" onClick={edit.open}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
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
