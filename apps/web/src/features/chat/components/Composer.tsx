/** The message box: Enter sends, Shift+Enter makes a new line; the attach button is shown but does nothing yet. */
import { CHAT_LIMITS } from '@crm/domain';
import { ActionIcon, Group, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';

export function Composer({ onSend, sending }: { onSend: (text: string) => Promise<boolean>; sending: boolean }) {
  const [text, setText] = useState('');

  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed || sending) return;
    setText('');
    // A failed send gives the typed text back, so nothing typed is lost.
    if (!(await onSend(trimmed))) setText((current) => current || text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Group gap="xs" p="sm" wrap="nowrap" align="flex-end" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Tooltip label="Adjuntar archivo">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Adjuntar archivo">
          <IconPaperclip size={18} />
        </ActionIcon>
      </Tooltip>
      <Textarea
        style={{ flex: 1 }}
        placeholder="Escribe un mensaje..."
        aria-label="Mensaje"
        autosize
        minRows={1}
        maxRows={5}
        maxLength={CHAT_LIMITS.maxMessageLength}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <ActionIcon size="lg" aria-label="Enviar" onClick={() => void submit()} loading={sending} disabled={!text.trim()}>
        <IconSend size={18} />
      </ActionIcon>
    </Group>
  );
}
