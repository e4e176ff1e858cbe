/**
 * One message: own on the right, with a read tick that turns blue once read (one-to-one) or
 * 'Visto por N' with the names on hover or tap (channels); a photo, a document or a lead card
 * when it carries one; times as hh:mm.
 */
import { type ChatMessage, formatChatTime, formatFileSizeKb } from '@crm/domain';
import { Anchor, Box, Card, Group, Image, Popover, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChecks, IconFileText, IconUserSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import classes from './Chat.module.css';

export interface SeenBy {
  names: string[];
}

export function MessageBubble({
  message,
  own,
  senderName,
  seenBy,
}: {
  message: ChatMessage;
  own: boolean;
  /** Shown above others' messages in a channel. */
  senderName?: string | undefined;
  /** In a channel: who else has read it. */
  seenBy?: SeenBy | undefined;
}) {
  return (
    <Box className={own ? classes.own : classes.theirs} data-testid="chat-message" data-own={own || undefined}>
      {senderName ? (
        <Text size="xs" fw={700} c="indigo.8">
          {senderName}
        </Text>
      ) : null}
      {message.attachment ? <AttachmentView attachment={message.attachment} own={own} /> : null}
      {message.lead ? <LeadCardView lead={message.lead} /> : null}
      {message.message ? <Text size="sm">{message.message}</Text> : null}
      <Group gap={4} justify="flex-end" mt={2}>
        <Text size="xs" c={own ? 'indigo.1' : 'dimmed'}>
          {formatChatTime(message.createdAt)}
        </Text>
        {own && seenBy ? <SeenByLabel seenBy={seenBy} /> : null}
        {own && !seenBy ? (
          message.isRead ? (
            <IconChecks size={14} color="var(--mantine-color-cyan-3)" aria-label="Leído" data-testid="read-tick" data-read="true" />
          ) : (
            <IconCheck size={14} color="var(--mantine-color-indigo-1)" aria-label="Enviado" data-testid="read-tick" data-read="false" />
          )
        ) : null}
      </Group>
    </Box>
  );
}

function SeenByLabel({ seenBy }: { seenBy: SeenBy }) {
  if (seenBy.names.length === 0) return <IconCheck size={14} color="var(--mantine-color-indigo-1)" aria-label="Enviado" />;
  return (
    <Popover position="top" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton className={classes.seenBy} data-testid="seen-by">
          Visto por {seenBy.names.length}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" fw={600} mb={4}>
          Visto por
        </Text>
        {seenBy.names.map((name) => (
          <Text key={name} size="xs">
            {name}
          </Text>
        ))}
      </Popover.Dropdown>
    </Popover>
  );
}

function AttachmentView({ attachment, own }: { attachment: NonNullable<ChatMessage['attachment']>; own: boolean }) {
  if (attachment.kind === 'image') {
    return (
      <Anchor href={attachment.url} aria-label={`Descargar ${attachment.name}`} className={classes.imageLink}>
        <Image
          src={attachment.url}
          alt={attachment.name}
          radius="md"
          w={Math.min(260, attachment.width ?? 260)}
          maw="100%"
          h="auto"
          fit="contain"
          data-testid="chat-image"
        />
      </Anchor>
    );
  }
  return (
    <Anchor href={attachment.url} c={own ? 'white' : 'indigo.8'} underline="always" className={classes.document}>
      <Group gap={6} wrap="nowrap">
        <IconFileText size={20} aria-hidden />
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {attachment.name}
          </Text>
          <Text size="xs">{formatFileSizeKb(attachment.size)}</Text>
        </Box>
      </Group>
    </Anchor>
  );
}

function LeadCardView({ lead }: { lead: NonNullable<ChatMessage['lead']> }) {
  return (
    <Card withBorder padding="xs" radius="md" my={4} c="dark" data-testid="chat-lead-card">
      <Group gap={6} wrap="nowrap">
        <IconUserSearch size={18} aria-hidden />
        <Box style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            Lead compartido
          </Text>
          <Anchor component={Link} to={`/leads/${lead.id}`} size="sm" fw={600}>
            {lead.name}
          </Anchor>
        </Box>
      </Group>
    </Card>
  );
}
