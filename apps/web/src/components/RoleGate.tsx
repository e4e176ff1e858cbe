/** A role-gated section (screens per role: docs/roles-and-permissions.md): 'Acceso Restringido' when the role may not see the screen. */
import { SCREEN_ROLES, type Screen, canSee, systemRoleLabel } from '@crm/domain';
import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { useDocumentTitle } from '../lib/document-title';

export function RoleGate({ screen, children }: { screen: Screen; children: ReactNode }) {
  const user = useCurrentUser();
  if (canSee(user.systemRole, screen)) return <>{children}</>;
  return <AccessRestricted screen={screen} />;
}

function AccessRestricted({ screen }: { screen: Screen }) {
  const user = useCurrentUser();
  useDocumentTitle('Acceso Restringido');
  const adminOnly = SCREEN_ROLES[screen].length === 1 && SCREEN_ROLES[screen][0] === 'admin';
  return (
    <Center py={60}>
      <Paper p="xl" radius="lg" withBorder maw={460} w="100%">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" color="red" variant="light">
            <IconLock size={26} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Acceso Restringido
          </Title>
          <Text ta="center" c="dimmed">
            {adminOnly ? 'Solo los administradores pueden acceder a esta sección.' : 'No tienes permisos para acceder a esta sección.'}
          </Text>
          <Text size="sm">
            Tu rol actual: <strong>{systemRoleLabel(user.systemRole)}</strong>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
