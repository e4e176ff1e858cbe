/** 'Crear Nuevo Usuario': the username comes from the email and is shown once created (email local part, numeric suffix if taken). */
import { createUserSchema } from '@crm/domain';
import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../hooks/useRefreshPeople';
import { creatableRoleOptions } from './role-options';

interface NewUserValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  systemRole: string;
  teamName: string;
}

const EMPTY: NewUserValues = { firstName: '', lastName: '', email: '', password: '', systemRole: 'team_member', teamName: '' };

export function CreateUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const actor = useCurrentUser();
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const roleOptions = creatableRoleOptions(actor);
  const form = useForm<NewUserValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(createUserSchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: async (user) => {
        notifySuccess('Usuario creado', `Nombre de usuario: @${user.username}`);
        close();
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo crear el usuario')),
    }),
  );
  const submit = form.onSubmit((values) => {
    const parsed = createUserSchema.safeParse(values);
    if (parsed.success) create.mutate(parsed.data);
  });

  return (
    <Modal opened={opened} onClose={close} title="Crear Nuevo Usuario" size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label="Apellidos" withAsterisk {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            description="El nombre de usuario se genera a partir del email"
            {...form.getInputProps('email')}
          />
          <PasswordInput label="Contraseña" withAsterisk {...form.getInputProps('password')} />
          <Select label="Rol" data={roleOptions} allowDeselect={false} withAsterisk {...form.getInputProps('systemRole')} />
          {form.values.systemRole === 'manager' ? (
            <TextInput label="Nombre del Equipo" withAsterisk {...form.getInputProps('teamName')} />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Crear Usuario
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
