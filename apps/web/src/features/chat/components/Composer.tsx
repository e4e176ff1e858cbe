/**
 * The message box: Enter sends, Shift+Enter makes a new line. The attach button uploads a photo
 * or a document first (with a progress bar), then it goes out with the next send, text optional.
 */
import { CHAT_ATTACHMENT_LIMITS, CHAT_LIMITS, type ChatAttachment } from '@crm/domain';
import { ActionIcon, CloseButton, FileButton, Group, Progress, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { uploadAttachment } from '../hooks/upload-attachment';

export function Composer({
  onSend,
  sending,
  onTyping,
}: {
  onSend: (text: string, attachmentId?: number) => Promise<boolean>;
  sending: boolean;
  onTyping?: () => void;
}) {
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<ChatAttachment | undefined>();
  const [progress, setProgress] = useState<number | undefined>();

  const submit = async () => {
    const trimmed = text.trim();
    if ((!trimmed && !attachment) || sending || progress !== undefined) return;
    const sentAttachment = attachment;
    setText('');
    setAttachment(undefined);
    // A failed send gives the typed text and the file back, so nothing is lost.
    if (!(await onSend(trimmed, sentAttachment?.id))) {
      setText((current) => current || text);
      setAttachment(sentAttachment);
    }
  };

  const attach = (file: File | null) => {
    if (!file) return;
    if (file.size > CHAT_ATTACHMENT_LIMITS.maxBytes) {
      notifyError('Archivo muy grande', CHAT_ATTACHMENT_LIMITS.messages.tooLarge);
      return;
    }
    setProgress(0);
    uploadAttachment(file, setProgress).then(
      (uploaded) => {
        setProgress(undefined);
        setAttachment(uploaded);
      },
      (error: Error) => {
        setProgress(undefined);
        notifyError('No se pudo adjuntar', error.message);
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Stack gap={4} p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      {progress !== undefined ? (
        <Progress value={progress} size="sm" aria-label="Subiendo archivo" data-testid="chat-upload-progress" animated />
      ) : null}
      {attachment ? (
        <Group gap="xs" wrap="nowrap" data-testid="chat-pending-attachment">
          <IconPaperclip size={14} aria-hidden />
          <Text size="xs" truncate style={{ flex: 1 }}>
            {attachment.name}
          </Text>
          <CloseButton size="sm" aria-label="Quitar el archivo" onClick={() => setAttachment(undefined)} />
        </Group>
      ) : null}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <FileButton onChange={attach} accept={CHAT_ATTACHMENT_LIMITS.accept}>
          {(props) => (
            <Tooltip label="Adjuntar archivo">
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label="Adjuntar archivo"
                loading={progress !== undefined}
                data-testid="chat-attach"
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          placeholder="Escribe un mensaje..."
          aria-label="Mensaje"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_LIMITS.maxMessageLength}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (event.currentTarget.value.trim()) onTyping?.();
          }}
          onKeyDown={onKeyDown}
        />
        <ActionIcon
          size="lg"
          aria-label="Enviar"
          onClick={() => void submit()}
          loading={sending}
          disabled={(!text.trim() && !attachment) || progress !== undefined}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
