/** Shown instead of the app to someone whose role requires 2FA they have not set up: enrol, or sign out. */
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useLogout } from '../../../auth/useLogout';
import { useDocumentTitle } from '../../../lib/document-title';
import { useTRPC } from '../../../lib/trpc';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

export function EnrolmentRequiredPage() {
  useDocumentTitle('Activa la autenticación en dos pasos');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const logout = useLogout();
  return (
    <Center component="main" mih="100dvh" bg="gray.0" p="md">
      <Paper w="100%" maw={480} p="xl" radius="lg" shadow="md" withBorder>
        <Stack gap="lg">
          <Stack gap="xs" align="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconShieldLock size={28} />
            </ThemeIcon>
            <Title order={1} size="h2" ta="center">
              Activa la autenticación en dos pasos
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              Tu rol exige un segundo factor para usar el CRM. Actívalo para continuar.
            </Text>
          </Stack>
          <TwoFactorEnrolment onDone={() => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() })} />
          <Button variant="subtle" color="gray" onClick={() => logout.mutate()} loading={logout.isPending}>
            Cerrar sesión
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
