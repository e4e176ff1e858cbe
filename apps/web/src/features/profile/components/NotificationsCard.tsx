/** 'Notificaciones': two switches remembered in this browser only, never sent to the server. */
import { Card, Stack, Switch, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';

export function NotificationsCard() {
  const [emails, setEmails] = useLocalStorage({ key: 'crm.notifications.emails', defaultValue: true });
  const [chatSounds, setChatSounds] = useLocalStorage({ key: 'crm.notifications.chat', defaultValue: true });
  return (
    <Card>
      <Stack>
        <Title order={2} size="h4">
          Notificaciones
        </Title>
        <Switch
          label="Emails"
          description="Recibir resúmenes por correo"
          checked={emails}
          onChange={(event) => setEmails(event.currentTarget.checked)}
        />
        <Switch
          label="Chat"
          description="Sonidos de mensajes nuevos"
          checked={chatSounds}
          onChange={(event) => setChatSounds(event.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}
