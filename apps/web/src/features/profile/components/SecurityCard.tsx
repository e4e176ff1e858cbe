/** 'Seguridad': a working password change, the 2FA coming-soon notice and the way to 'Tokens de API'. */
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconApi, IconKey, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { notifySuccess } from '../../../lib/notify';
import { ChangePasswordDialog } from './ChangePasswordDialog';

export function SecurityCard() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Card>
      <Stack>
        <Title order={2} size="h4">
          Seguridad
        </Title>
        <Button variant="default" leftSection={<IconKey size={16} />} onClick={open} justify="flex-start">
          Cambiar Contraseña
        </Button>
        <Button
          variant="default"
          leftSection={<IconShieldLock size={16} />}
          justify="flex-start"
          onClick={() => notifySuccess('Próximamente', 'La autenticación 2FA se implementará pronto.')}
        >
          Autenticación 2FA
        </Button>
        <Button component={Link} to="/profile/tokens" variant="default" leftSection={<IconApi size={16} />} justify="flex-start">
          Tokens de API
        </Button>
        <Text size="xs" c="dimmed">
          Usa una contraseña que no utilices en otros sitios.
        </Text>
      </Stack>
      <ChangePasswordDialog opened={opened} onClose={close} />
    </Card>
  );
}
