/** The login screen: username or email, password, Spanish toasts. */
import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, Suspense, lazy, useState } from 'react';
import { useDocumentTitle } from '../lib/document-title';
import { isServerFailure, serverMessage } from '../lib/errors';
import { notifyError, notifySuccess } from '../lib/notify';
import { useTRPC } from '../lib/trpc';

// Only people with a second factor see the code step: it loads when they reach it.
const SecondFactorStep = lazy(() =>
  import('../features/security/components/SecondFactorStep').then((m) => ({ default: m.SecondFactorStep })),
);
import { secondFactorChallengeOf } from '../features/security/challenge';

/** `onTyping`: the first keystroke is the moment to fetch the signed-in app, so it is there when the password is accepted. */
export function LoginPage({ onTyping }: { onTyping?: () => void }) {
  useDocumentTitle('Iniciar sesión');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Set once the password was right for a user with a second factor: the screen then asks for the code.
  const [challenge, setChallenge] = useState<string | null>(null);
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      // Refetching the session swaps this screen for the app in place: a page reload would wipe
      // the toast before anyone could read it. The live socket opens only once signed in.
      onSuccess: async () => {
        notifySuccess('Login exitoso', 'Redirigiendo al dashboard...');
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      },
      onError: (error) => {
        const secondStep = secondFactorChallengeOf(error);
        if (secondStep) {
          setChallenge(secondStep);
          setPassword('');
          return;
        }
        if (isServerFailure(error)) notifyError('Error', 'Error en el servidor. Intenta de nuevo.');
        else notifyError('Error de login', serverMessage(error, 'Usuario o contraseña incorrectos'));
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      notifyError('Error', 'Por favor ingresa usuario y contraseña');
      return;
    }
    login.mutate({ username, password });
  };

  const busy = login.isPending || login.isSuccess;
  return (
    <Center component="main" mih="100dvh" bg="gray.0" p="md">
      <Paper w="100%" maw={420} p="xl" radius="lg" shadow="md" withBorder>
        <Stack gap="lg">
          <Stack gap="xs" align="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconChartLine size={28} />
            </ThemeIcon>
            <Title order={1} size="h2" ta="center">
              Sistema de Gestión de Ventas
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {challenge ? 'Verificación en dos pasos' : 'Inicia sesión para continuar'}
            </Text>
          </Stack>
          {challenge ? (
            <Suspense fallback={null}>
              <SecondFactorStep
                challenge={challenge}
                onCancel={() => {
                  setChallenge(null);
                  login.reset();
                }}
              />
            </Suspense>
          ) : (
            <form onSubmit={submit} onInput={onTyping}>
              <fieldset disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
                <Stack>
                  <TextInput
                    label="Usuario"
                    // The one thing to do on this screen is type: the cursor starts in the first field.
                    autoFocus
                    placeholder="Ingresa tu usuario"
                    autoComplete="username"
                    value={username}
                    onChange={(event) => setUsername(event.currentTarget.value)}
                  />
                  <PasswordInput
                    label="Contraseña"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.currentTarget.value)}
                  />
                  <Button type="submit" fullWidth loading={false} disabled={busy}>
                    {busy ? 'Iniciando sesión...' : 'Iniciar Sesión'}
                  </Button>
                </Stack>
              </fieldset>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
