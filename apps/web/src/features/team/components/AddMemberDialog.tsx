/** 'Agregar Miembro': full name split at the first space; team name only for managers. */
import { addMemberSchema } from '@crm/domain';
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { creatableRoleOptions } from '../../users/components/role-options';
import { useRefreshPeople } from '../../users/hooks/useRefreshPeople';

interface MemberValues {
  fullName: string;
  email: string;
  password: string;
  role: string;
  teamName: string;
}

const EMPTY: MemberValues = { fullName: '', email: '', password: '', role: 'team_member', teamName: '' };
/** This dialog's own wording for the roles ('Miembro del Equipo' is team_member). */
const MEMBER_ROLE_LABELS = { admin: 'Administrador', manager: 'Manager', team_member: 'Miembro del Equipo' } as const;

export function AddMemberDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const actor = useCurrentUser();
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  // Administrador, Manager, Miembro del Equipo — in the spec's order.
  const roleOptions = creatableRoleOptions(actor, MEMBER_ROLE_LABELS).reverse();
  const form = useForm<MemberValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(addMemberSchema, { sync: true }),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const add = useMutation(
    trpc.team.addMember.mutationOptions({
      // No invitation is sent: the account exists now, and its username is what the person signs in with.
      onSuccess: async (user) => {
        notifySuccess('Miembro agregado', `Nombre de usuario: @${user.username}`);
        close();
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo agregar el miembro. Intenta nuevamente.')),
    }),
  );
  const submit = form.onSubmit((values) => {
    const parsed = addMemberSchema.safeParse(values);
    if (parsed.success) add.mutate(parsed.data);
  });

  return (
    <Modal opened={opened} onClose={close} title="Agregar Miembro" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nombre Completo" placeholder="Ana López García" withAsterisk {...form.getInputProps('fullName')} />
          <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
          <PasswordInput label="Contraseña" withAsterisk {...form.getInputProps('password')} />
          <Select label="Rol" data={roleOptions} allowDeselect={false} withAsterisk {...form.getInputProps('role')} />
          {form.values.role === 'manager' ? <TextInput label="Nombre del Equipo" withAsterisk {...form.getInputProps('teamName')} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Creando...' : 'Crear Usuario'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
