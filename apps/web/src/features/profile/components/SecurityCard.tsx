/** 'Seguridad': the password change, the second factor (2FA) and the way to 'Tokens de API'. */
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconApi, IconKey, IconShieldLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { TwoFactorDialog } from './TwoFactorDialog';

export function SecurityCard() {
  const [opened, { open, close }] = useDisclosure(false);
  const [twoFactorOpened, twoFactor] = useDisclosure(false);
  const { twoFactorEnabled } = useCurrentUser();
  return (
    <Card>
      <Stack>
        <Title order={2} size="h4">
          Seguridad
        </Title>
        <Button variant="default" leftSection={<IconKey size={16} />} onClick={open} justify="flex-start">
          Cambiar Contraseña
        </Button>
        <Stack gap={6}>
          <Button variant="default" leftSection={<IconShieldLock size={16} />} justify="flex-start" onClick={twoFactor.open}>
            Autenticación 2FA
          </Button>
          <Group gap="xs" data-testid="two-factor-state">
            <Text size="xs" c="dimmed">
              Estado:
            </Text>
            <Badge size="sm" variant="light" color={twoFactorEnabled ? 'teal' : 'gray'}>
              {twoFactorEnabled ? 'Activada' : 'Desactivada'}
            </Badge>
          </Group>
        </Stack>
        <Button component={Link} to="/profile/tokens" variant="default" leftSection={<IconApi size={16} />} justify="flex-start">
          Tokens de API
        </Button>
        <Text size="xs" c="dimmed">
          Usa una contraseña que no utilices en otros sitios.
        </Text>
      </Stack>
      <ChangePasswordDialog opened={opened} onClose={close} />
      <TwoFactorDialog opened={twoFactorOpened} onClose={twoFactor.close} />
    </Card>
  );
}
