/** Chat del Equipo (docs/live-protocol.md): contacts on the left, the open conversation on the right; one at a time on a phone. */
import { Card, Center, Grid, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { RoleGate } from '../components/RoleGate';
import { ContactList } from '../features/chat/components/ContactList';
import { Conversation } from '../features/chat/components/Conversation';
import { NewChatDialog } from '../features/chat/components/NewChatDialog';
import classes from '../features/chat/components/Chat.module.css';
import { useTRPC } from '../lib/trpc';
import { LoadError } from '../components/LoadError';

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
  const [params, setParams] = useSearchParams();
  const [dialogOpened, dialog] = useDisclosure(false);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const selectedId = Number(params.get('con')) || undefined;
  const selected = contacts.data?.find((contact) => contact.id === selectedId);
  const select = (id: number | undefined) => setParams(id ? { con: String(id) } : {}, { replace: true });

  if (contacts.isPending) return <PageLoader label="Cargando chat..." />;
  if (contacts.isError) {
    return <LoadError title="No se pudo cargar el chat" query={contacts} />;
  }

  const list = (
    <ContactList contacts={contacts.data} viewerId={viewer.id} selectedId={selectedId} onSelect={select} onNewChat={dialog.open} />
  );
  const conversation = selected ? (
    <Conversation key={selected.id} contact={selected} viewerId={viewer.id} onBack={isPhone ? () => select(undefined) : undefined} />
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
        selected ? (
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
