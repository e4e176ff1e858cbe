/**
 * One WhatsApp message: the customer's on the left, ours on the right with its tick (sending, sent,
 * delivered, read, or failed with Meta's reason); media, a location, shared contacts, a reaction or
 * a template as WhatsApp shows them; the time on the team's clock.
 */
import { type WhatsAppMessage, formatFileSizeKb, fullName } from '@crm/domain';
import { Anchor, Box, Group, Image, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconChecks, IconClock, IconFileText } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import classes from './WhatsApp.module.css';

const STATUS_LABELS = { pending: 'Enviando', sent: 'Enviado', delivered: 'Entregado', read: 'Leído', failed: 'No enviado' } as const;

function Tick({ message }: { message: WhatsAppMessage }) {
  const common = { size: 14, 'data-testid': 'whatsapp-tick', 'data-status': message.status } as const;
  switch (message.status) {
    case 'pending':
      return <IconClock {...common} aria-label={STATUS_LABELS.pending} />;
    case 'sent':
      return <IconCheck {...common} aria-label={STATUS_LABELS.sent} />;
    case 'delivered':
      return <IconChecks {...common} aria-label={STATUS_LABELS.delivered} />;
    case 'read':
      return <IconChecks {...common} color="var(--mantine-color-cyan-2)" aria-label={STATUS_LABELS.read} />;
    case 'failed':
      return <IconAlertCircle {...common} color="var(--mantine-color-red-2)" aria-label={STATUS_LABELS.failed} />;
    case 'received':
      return null;
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

function MediaView({ message, outbound }: { message: WhatsAppMessage; outbound: boolean }) {
  const file = message.attachment;
  if (!file) {
    const failed = text(message.details['mediaError']);
    return (
      <Text size="sm" fs="italic">
        {failed ? 'No se pudo descargar el archivo (se reintentará)' : 'Descargando archivo…'}
      </Text>
    );
  }
  if (file.kind === 'image') return <Image src={file.url} alt={file.name} radius="md" w={240} maw="100%" h="auto" fit="contain" />;
  if (file.kind === 'audio') return <audio controls src={file.url} className={classes.media} aria-label={`Audio ${file.name}`} />;
  if (file.kind === 'video')
    return <video controls src={file.url} className={classes.media} aria-label={`Video ${file.name}`} width={240} />;
  return (
    <Anchor href={file.url} c={outbound ? 'white' : 'teal.9'} underline="always">
      <Group gap={6} wrap="nowrap">
        <IconFileText size={20} aria-hidden />
        <Box style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            {file.name}
          </Text>
          <Text size="xs">{formatFileSizeKb(file.size)}</Text>
        </Box>
      </Group>
    </Anchor>
  );
}

interface SharedContact {
  name?: { formatted_name?: string };
  phones?: { phone?: string }[];
}

function Content({ message, outbound }: { message: WhatsAppMessage; outbound: boolean }): ReactNode {
  const { details } = message;
  switch (message.kind) {
    case 'image':
    case 'sticker':
    case 'video':
    case 'audio':
    case 'document':
      return (
        <>
          <MediaView message={message} outbound={outbound} />
          {message.body ? <Text size="sm">{message.body}</Text> : null}
        </>
      );
    case 'location': {
      const latitude = Number(details['latitude']);
      const longitude = Number(details['longitude']);
      const label = [text(details['name']), text(details['address'])].filter(Boolean).join(' · ') || 'Ubicación';
      return (
        <Anchor
          href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`}
          target="_blank"
          rel="noreferrer"
          c={outbound ? 'white' : 'teal.9'}
          underline="always"
          size="sm"
        >
          📍 {label}
        </Anchor>
      );
    }
    case 'contacts': {
      const contacts = Array.isArray(details['contacts']) ? (details['contacts'] as SharedContact[]) : [];
      return (
        <Box>
          <Text size="xs" fw={600}>
            Contacto compartido
          </Text>
          {contacts.map((contact, index) => (
            <Text size="sm" key={index}>
              {contact.name?.formatted_name ?? 'Sin nombre'}
              {contact.phones?.length ? `: ${contact.phones.map((phone) => phone.phone).join(', ')}` : ''}
            </Text>
          ))}
        </Box>
      );
    }
    case 'reaction':
      return <Text size="sm">Reaccionó {text(details['emoji']) ?? '(quitó su reacción)'}</Text>;
    case 'template':
      return (
        <>
          <Text size="xs" fw={600}>
            Plantilla «{text(details['name']) ?? ''}»
          </Text>
          {message.body ? <Text size="sm">{message.body}</Text> : null}
        </>
      );
    case 'unsupported':
      return (
        <Text size="sm" fs="italic">
          Mensaje no admitido por WhatsApp Cloud API
        </Text>
      );
    case 'text':
    case 'system':
      return message.body ? <Text size="sm">{message.body}</Text> : null;
  }
}

export function WhatsAppBubble({ message }: { message: WhatsAppMessage }) {
  const format = useTeamFormat();
  if (message.kind === 'system') {
    return (
      <Text className={classes.system} data-testid="whatsapp-message">
        {message.body} · {format.dateTime(message.sentAt)}
      </Text>
    );
  }
  const outbound = message.direction === 'outbound';
  const author = outbound
    ? message.sentBy
      ? fullName(message.sentBy.firstName, message.sentBy.lastName, 'Usuario')
      : message.authorName
    : message.authorName;
  return (
    <Box className={outbound ? classes.outbound : classes.inbound} data-testid="whatsapp-message" data-direction={message.direction}>
      {author ? (
        <Text size="xs" fw={700} c={outbound ? 'white' : 'teal.9'}>
          {author}
        </Text>
      ) : null}
      <Content message={message} outbound={outbound} />
      <Group gap={4} justify="flex-end" mt={2} wrap="nowrap">
        <Text size="xs" c={outbound ? 'gray.2' : 'gray.7'}>
          {format.dateTime(message.sentAt)}
        </Text>
        {outbound && message.origin === 'cloud' ? <Tick message={message} /> : null}
      </Group>
      {message.status === 'failed' ? (
        <Text size="xs" c="red.1" data-testid="whatsapp-failure">
          {message.failureReason ?? 'WhatsApp no entregó el mensaje'}
        </Text>
      ) : null}
    </Box>
  );
}
