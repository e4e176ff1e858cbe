/** Chat del Equipo (docs/live-protocol.md): contacts on the left, the open conversation on the right; one at a time on a phone. */
import { Card, Center, Grid, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { RoleGate } from '../components/RoleGate';
import { ContactList } from '../features/chat/components/ContactList';
import { ChannelConversation } from '../features/chat/components/ChannelConversation';
import { Conversation } from '../features/chat/components/Conversation';
import { GroupDialog } from '../features/chat/components/GroupDialog';
import { NewChatDialog } from '../features/chat/components/NewChatDialog';
import classes from '../features/chat/components/Chat.module.css';
import { useTRPC } from '../lib/trpc';
import { LoadError } from '../components/LoadError';
import { useIsPhone } from '../lib/use-is-phone';

export default function ChatPage() {
  return (
    <RoleGate screen="chat">
      <PageHeader title="Chat del Equipo" subtitle="Comunícate con tu equipo en tiempo real" />
      <ChatScreen />
    </RoleGate>
  );
}

function ChatScreen() {
  const trpc = useTRPC();
  const viewer = useCurrentUser();
  const contacts = useQuery(trpc.chat.contacts.queryOptions());
  const channels = useQuery(trpc.chat.channels.queryOptions());
  const [params, setParams] = useSearchParams();
  const [dialogOpened, dialog] = useDisclosure(false);
  const [groupOpened, groupDialog] = useDisclosure(false);
  const isPhone = useIsPhone();

  const selectedId = Number(params.get('con')) || undefined;
  const selectedChannelId = Number(params.get('canal')) || undefined;
  const selected = contacts.data?.find((contact) => contact.id === selectedId);
  const selectedChannel = channels.data?.find((channel) => channel.id === selectedChannelId);
  const select = (id: number | undefined) => setParams(id ? { con: String(id) } : {}, { replace: true });
  const selectChannel = (id: number) => setParams({ canal: String(id) }, { replace: true });
  const back = isPhone ? () => select(undefined) : undefined;

  if (contacts.isPending || channels.isPending) return <PageLoader label="Cargando chat..." />;
  if (contacts.isError) {
    return <LoadError title="No se pudo cargar el chat" query={contacts} />;
  }
  if (channels.isError) {
    return <LoadError title="No se pudo cargar el chat" query={channels} />;
  }

  const list = (
    <ContactList
      contacts={contacts.data}
      channels={channels.data}
      viewerId={viewer.id}
      selectedId={selectedId}
      selectedChannelId={selectedChannelId}
      onSelect={select}
      onSelectChannel={selectChannel}
      onNewChat={dialog.open}
      onNewGroup={groupDialog.open}
    />
  );
  const conversation = selectedChannel ? (
    <ChannelConversation key={`c${selectedChannel.id}`} channel={selectedChannel} viewerId={viewer.id} onBack={back} />
  ) : selected ? (
    <Conversation key={selected.id} contact={selected} viewerId={viewer.id} onBack={back} />
  ) : (
    <Card withBorder className={classes.panel}>
      <Center h="100%">
        <Text c="dimmed">Selecciona un contacto</Text>
      </Center>
    </Card>
  );

  return (
    <>
      {isPhone ? (
        selected || selectedChannel ? (
          conversation
        ) : (
          list
        )
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>{conversation}</Grid.Col>
        </Grid>
      )}
      {groupOpened ? (
        <GroupDialog
          opened
          onClose={groupDialog.close}
          onSaved={(id) => {
            groupDialog.close();
            selectChannel(id);
          }}
        />
      ) : null}
      <NewChatDialog
        opened={dialogOpened}
        onClose={dialog.close}
        onPick={(id) => {
          dialog.close();
          select(id);
        }}
      />
    </>
  );
}
