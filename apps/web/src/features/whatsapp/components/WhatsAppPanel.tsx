/**
 * The lead's WhatsApp conversation (docs/whatsapp.md), on the lead page: messages from the Cloud API
 * and imported chats, oldest first, older pages on demand; live through the app's feed; opening it
 * marks it read for the team.
 */
import type { WhatsAppMessage } from '@crm/domain';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { WhatsAppBubble } from './WhatsAppBubble';
import { WhatsAppComposer } from './WhatsAppComposer';
import classes from './WhatsApp.module.css';

/** `actions`: buttons beside the title (the export's 'Importar chat de WhatsApp'). */
export function WhatsAppPanel({ lead, actions }: { lead: { id: number; name: string }; actions?: ReactNode }) {
  const leadId = lead.id;
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const conversation = useQuery(trpc.whatsapp.conversation.queryOptions({ leadId }));
  const [older, setOlder] = useState<{ messages: WhatsAppMessage[]; hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const markRead = useMutation(
    trpc.whatsapp.markRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.whatsapp.pathKey() }),
    }),
  );
  const list = useRef<HTMLDivElement>(null);
  const data = conversation.data;
  const unread = data?.conversation?.unreadCount ?? 0;
  const newest = data?.messages.at(-1)?.id;

  useEffect(() => {
    if (unread > 0 && !markRead.isPending) markRead.mutate({ leadId });
    // Only a new unread count asks again; the mutation object changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, leadId]);
  // A new message scrolls the conversation to the bottom, where it appears.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  async function loadOlder() {
    const first = older?.messages[0] ?? data?.messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await client.whatsapp.conversation.query({ leadId, before: first.id });
      setOlder((current) => ({ messages: [...page.messages, ...(current?.messages ?? [])], hasMore: page.hasMore }));
    } finally {
      setLoadingOlder(false);
    }
  }

  return (
    <Card data-testid="whatsapp-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconBrandWhatsapp size={20} aria-hidden color="var(--mantine-color-teal-8)" />
            <Title order={2} size="h4">
              WhatsApp
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {unread > 0 ? (
              <Badge color="red" aria-label={`${unread} sin leer`}>
                {unread}
              </Badge>
            ) : null}
            {actions}
          </Group>
        </Group>
        {conversation.isPending ? (
          <Text size="sm" c="dimmed">
            Cargando conversación…
          </Text>
        ) : conversation.isError ? (
          <LoadError title="No se pudo cargar la conversación de WhatsApp" query={conversation} />
        ) : data && data.messages.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="whatsapp-empty">
            Todavía no hay mensajes de WhatsApp con este lead.
          </Text>
        ) : data ? (
          <>
            {(older ? older.hasMore : data.hasMore) ? (
              <Button variant="subtle" size="compact-sm" onClick={() => void loadOlder()} loading={loadingOlder}>
                Ver mensajes anteriores
              </Button>
            ) : null}
            <div ref={list} className={classes.list} tabIndex={0} role="log" aria-label="Mensajes de WhatsApp">
              {[...(older?.messages ?? []), ...data.messages].map((message) => (
                <WhatsAppBubble key={message.id} message={message} />
              ))}
            </div>
          </>
        ) : null}
        {data ? <WhatsAppComposer lead={lead} conversation={data} /> : null}
      </Stack>
    </Card>
  );
}
