/**
 * Replying on WhatsApp from the lead's panel: text and a file inside the 24-hour window the
 * customer's last message opened; outside it an approved template, its variables proposed from the
 * lead (the seller may change them). The server checks the same rules (docs/whatsapp.md).
 */
import {
  CHAT_ATTACHMENT_LIMITS,
  type WhatsAppConversation,
  fillTemplate,
  fullName,
  isWhatsAppWindowOpen,
  templateVariablesFromLead,
  whatsappWindowEnd,
} from '@crm/domain';
import { ActionIcon, Button, FileButton, Group, Select, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useNow } from '../../../lib/use-now';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { uploadAttachment } from '../../chat/hooks/upload-attachment';
import { upsertWhatsAppMessage } from '../hooks/whatsapp-events';

interface ComposerProps {
  lead: { id: number; name: string };
  conversation: WhatsAppConversation;
}

function useSend(leadId: number, onSent: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.whatsapp.send.mutationOptions({
      onSuccess: (message) => {
        const key = trpc.whatsapp.conversation.queryKey({ leadId });
        const cached = queryClient.getQueryData(key);
        if (cached?.conversation) queryClient.setQueryData(key, upsertWhatsAppMessage(cached, message));
        else void queryClient.invalidateQueries({ queryKey: key });
        onSent();
      },
      onError: (error) => notifyError('No se pudo enviar el mensaje', serverMessage(error, 'Error al enviar por WhatsApp')),
    }),
  );
}

function FreeReply({ leadId, windowEnd }: { leadId: number; windowEnd: Date }) {
  const format = useTeamFormat();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const send = useSend(leadId, () => {
    setText('');
    setFile(null);
  });

  async function submit() {
    let attachmentId: number | undefined;
    if (file) {
      setUploading(true);
      try {
        attachmentId = (await uploadAttachment(file, () => undefined)).id;
      } catch (error) {
        notifyError('No se pudo subir el archivo', (error as Error).message);
        return;
      } finally {
        setUploading(false);
      }
    }
    send.mutate({ leadId, text: text.trim(), ...(attachmentId === undefined ? {} : { attachmentId }) });
  }

  return (
    <Stack gap={6}>
      <Textarea
        aria-label="Mensaje de WhatsApp"
        placeholder="Escribe un mensaje…"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={4096}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            if (text.trim() || file) void submit();
          }
        }}
      />
      {file ? (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" truncate>
            📎 {file.name}
          </Text>
          <ActionIcon variant="subtle" size="sm" aria-label="Quitar archivo" onClick={() => setFile(null)}>
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ) : null}
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          Puedes responder hasta {format.dateTime(windowEnd)}
        </Text>
        <Group gap={4} wrap="nowrap">
          <FileButton onChange={setFile} accept={`${CHAT_ATTACHMENT_LIMITS.accept},audio/*,video/mp4`}>
            {(props) => (
              <Tooltip label="Adjuntar archivo">
                <ActionIcon {...props} variant="subtle" size="lg" aria-label="Adjuntar archivo">
                  <IconPaperclip size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Button
            size="xs"
            color="teal.9"
            leftSection={<IconSend size={14} />}
            disabled={!text.trim() && !file}
            loading={send.isPending || uploading}
            onClick={() => void submit()}
          >
            Enviar
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function TemplateReply({ lead, everWrote }: { lead: ComposerProps['lead']; everWrote: boolean }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const templates = useQuery(trpc.whatsapp.templates.queryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const [variables, setVariables] = useState<string[]>([]);
  const send = useSend(lead.id, () => setChosen(null));
  const template = templates.data?.find((item) => `${item.name}|${item.language}` === chosen);

  function choose(value: string | null) {
    setChosen(value);
    const picked = templates.data?.find((item) => `${item.name}|${item.language}` === value);
    setVariables(
      picked ? templateVariablesFromLead(picked.variableCount, lead, fullName(user.firstName, user.lastName, user.username)) : [],
    );
  }

  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {everWrote
          ? 'Pasaron más de 24 horas desde el último mensaje del cliente: solo puedes enviar una plantilla aprobada.'
          : 'El cliente aún no escribió: empieza con una plantilla aprobada.'}
      </Text>
      <Select
        label="Plantilla"
        placeholder={templates.data?.length === 0 ? 'No hay plantillas aprobadas' : 'Elige una plantilla'}
        data={(templates.data ?? []).map((item) => ({ value: `${item.name}|${item.language}`, label: `${item.name} (${item.language})` }))}
        value={chosen}
        onChange={choose}
        disabled={!templates.data?.length}
      />
      {template ? (
        <>
          {variables.map((value, index) => (
            <TextInput
              key={index}
              label={`Variable {{${index + 1}}}`}
              value={value}
              onChange={(event) => {
                const next = [...variables];
                next[index] = event.currentTarget.value;
                setVariables(next);
              }}
            />
          ))}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="whatsapp-template-preview">
            {fillTemplate(template.body, variables)}
          </Text>
          <Group justify="flex-end">
            <Button
              size="xs"
              color="teal.9"
              leftSection={<IconSend size={14} />}
              disabled={variables.some((value) => !value.trim())}
              loading={send.isPending}
              onClick={() => send.mutate({ leadId: lead.id, template: { name: template.name, language: template.language, variables } })}
            >
              Enviar plantilla
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

export function WhatsAppComposer({ lead, conversation }: ComposerProps) {
  const now = useNow();
  if (!conversation.connected) {
    return (
      <Text size="sm" c="dimmed">
        WhatsApp no está conectado: un administrador puede conectarlo en Configuración → WhatsApp.
      </Text>
    );
  }
  if (!conversation.canReply) {
    return (
      <Text size="sm" c="dimmed">
        Solo quien trabaja este lead puede responder por WhatsApp.
      </Text>
    );
  }
  const lastInbound = conversation.conversation?.lastInboundAt ?? null;
  const inbound = lastInbound && new Date(lastInbound);
  const windowEnd = whatsappWindowEnd(inbound);
  if (windowEnd && isWhatsAppWindowOpen(inbound, new Date(now))) return <FreeReply leadId={lead.id} windowEnd={windowEnd} />;
  return <TemplateReply lead={lead} everWrote={inbound !== null} />;
}
