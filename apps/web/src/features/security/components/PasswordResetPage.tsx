/** /restablecer/{token}: a person sets a new password with the one-time link an admin gave them. */
import { type PasswordResetInput, passwordResetSchema } from '@crm/domain';
import { Alert, Anchor, Button, Center, Paper, PasswordInput, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

const FALLBACK_INVALID = 'Este enlace ya no es válido: ha caducado o ya se usó. Pide uno nuevo a un administrador.';

export function PasswordResetPage({ token }: { token: string }) {
  useDocumentTitle('Restablecer contraseña');
  const trpc = useTRPC();
  const inspect = useMutation(trpc.auth.passwordReset.inspect.mutationOptions());
  const complete = useMutation(
    trpc.auth.passwordReset.complete.mutationOptions({
      onSuccess: () => notifySuccess('Contraseña actualizada', 'Ya puedes iniciar sesión con tu nueva contraseña.'),
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo cambiar la contraseña')),
    }),
  );
  const form = useForm<PasswordResetInput>({
    initialValues: { token, password: '' },
    validate: schemaResolver(passwordResetSchema, { sync: true }),
  });
  const { mutate: check } = inspect;
  useEffect(() => check({ token }), [check, token]);

  const content = () => {
    if (complete.isSuccess) {
      return (
        <Stack>
          <Text>Tu contraseña se ha cambiado y se cerraron todas tus sesiones abiertas.</Text>
          <Button component="a" href="/">
            Ir a iniciar sesión
          </Button>
        </Stack>
      );
    }
    if (inspect.isError || complete.isError) {
      const error = inspect.error ?? complete.error;
      return (
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Enlace no válido">
            {serverMessage(error, FALLBACK_INVALID)}
          </Alert>
          <Anchor href="/" ta="center">
            Volver al inicio de sesión
          </Anchor>
        </Stack>
      );
    }
    if (!inspect.data) return <Skeleton h={120} />;
    return (
      <form onSubmit={form.onSubmit((values) => complete.mutate(values))}>
        <Stack>
          <Text size="sm">
            Elige una nueva contraseña para <strong>@{inspect.data.username}</strong>. El enlace sirve una sola vez.
          </Text>
          <PasswordInput
            label="Nueva contraseña"
            description="Al menos 6 caracteres"
            autoComplete="new-password"
            autoFocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={complete.isPending}>
            Guardar contraseña
          </Button>
        </Stack>
      </form>
    );
  };
  return (
    <Center component="main" mih="100dvh" bg="gray.0" p="md">
      <Paper w="100%" maw={420} p="xl" radius="lg" shadow="md" withBorder>
        <Stack gap="lg">
          <Stack gap="xs" align="center">
            <ThemeIcon size={52} radius="xl" variant="light">
              <IconKey size={28} />
            </ThemeIcon>
            <Title order={1} size="h2" ta="center">
              Restablecer contraseña
            </Title>
          </Stack>
          {content()}
        </Stack>
      </Paper>
    </Center>
  );
}
