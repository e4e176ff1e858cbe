/** The signing secret, shown once after a creation or a rotation: copy it now, it is not shown again. */
import type { WebhookWithSecret } from '@crm/domain';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

export function WebhookSecretDialog({
  shown,
  rotated,
  onClose,
}: {
  shown: WebhookWithSecret | null;
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="Secreto de firma" size="lg" centered>
      <Stack>
        <Alert color="yellow" icon={<IconKey />} title="Cópialo ahora">
          Este secreto no se vuelve a mostrar. Tu receptor lo necesita para verificar la firma de cada envío (cabecera webhook-signature,
          especificación Standard Webhooks).
          {rotated ? ' El secreto anterior sigue firmando durante 24 horas, para que puedas cambiarlo sin perder envíos.' : ''}
        </Alert>
        <Text size="sm" c="dimmed">
          {shown?.url}
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {shown?.secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={shown?.secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copiado' : 'Copiar secreto'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Hecho</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
