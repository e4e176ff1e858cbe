/** 'Cambiar Contraseña': current + new (≥ 6); the server ends the user's other sessions. */
import { type ChangePasswordInput, changePasswordSchema } from '@crm/domain';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const form = useForm<ChangePasswordInput>({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const change = useMutation(
    trpc.users.changePassword.mutationOptions({
      onSuccess: () => {
        notifySuccess('Contraseña actualizada', 'Se cerraron tus otras sesiones abiertas.');
        close();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo cambiar la contraseña')),
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title="Cambiar Contraseña" centered>
      <form onSubmit={form.onSubmit((values) => change.mutate(values))}>
        <Stack>
          <Text size="sm" c="dimmed">
            Al cambiarla se cerrarán tus sesiones en otros dispositivos.
          </Text>
          <PasswordInput
            label="Contraseña actual"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="Nueva contraseña"
            description="Al menos 6 caracteres"
            autoComplete="new-password"
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={change.isPending}>
              Cambiar Contraseña
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
