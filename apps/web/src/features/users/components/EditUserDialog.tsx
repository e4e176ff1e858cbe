/** 'Editar Usuario': names and email; the role field only for an admin (docs/roles-and-permissions.md). */
import { SYSTEM_ROLES, SYSTEM_ROLE_LABELS, type User, can, editableUserFields, toOptions, updateUserSchema } from '@crm/domain';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPeople } from '../hooks/useRefreshPeople';

interface EditUserValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  teamName: string;
  /** The team a Vendedor is in ('' for none). */
  teamId: string;
}

const ROLE_OPTIONS = toOptions(SYSTEM_ROLES, SYSTEM_ROLE_LABELS);
const validateUpdate = schemaResolver(updateUserSchema, { sync: true });

export function EditUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Editar Usuario" size="lg" centered>
      {/* Keyed by user: each opening starts from that user's current values. */}
      {user ? <EditUserForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditUserForm({ user, onDone }: { user: User; onDone: () => void }) {
  const actor = useCurrentUser();
  const trpc = useTRPC();
  const refresh = useRefreshPeople();
  const mayChangeRole = can(actor, 'user.changeRole', user);
  const form = useForm<EditUserValues>({
    mode: 'controlled',
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      role: user.systemRole,
      teamName: user.teamName ?? '',
      teamId: user.teamId === null ? '' : String(user.teamId),
    },
    // The typed fields only: the selects hold their options' string values, checked as they are sent.
    // A user created without email (the first admin) may keep none: blank means unchanged.
    validate: ({ firstName, lastName, email, teamName }) => validateUpdate({ firstName, lastName, email: email || undefined, teamName }),
  });
  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Usuario actualizado');
        onDone();
        await refresh();
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo actualizar el usuario')),
    }),
  );
  const roleAfter = mayChangeRole ? form.values.role : user.systemRole;
  const teams = useTeamOptions(actor, roleAfter === 'team_member' && editableUserFields(actor, user).includes('teamId'));
  const submit = form.onSubmit((values) => {
    const parsed = updateUserSchema.safeParse({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email || undefined,
      // The role travels only from an admin's form: the server refuses it from anyone else.
      role: mayChangeRole ? values.role : undefined,
      teamName: roleAfter === 'manager' ? values.teamName : undefined,
      teamId: teams && values.teamId !== String(user.teamId ?? '') ? (values.teamId ? Number(values.teamId) : null) : undefined,
    });
    if (parsed.success) update.mutate({ id: user.id, data: parsed.data });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre" withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Apellidos" withAsterisk {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        {mayChangeRole ? <Select label="Rol" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} /> : null}
        {roleAfter === 'manager' ? <TextInput label="Nombre del Equipo" {...form.getInputProps('teamName')} /> : null}
        {teams ? <Select label="Equipo" data={teams} allowDeselect={false} {...form.getInputProps('teamId')} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Guardar Cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The teams a Vendedor may be put in by `actor`, as options ('Sin equipo' first), or undefined when
 * the field is not offered: an admin any team, a manager only the one he leads (the API says the same).
 */
function useTeamOptions(actor: User, offered: boolean): { value: string; label: string }[] | undefined {
  const trpc = useTRPC();
  const teams = useQuery({ ...trpc.teams.list.queryOptions(), enabled: offered });
  if (!offered || !teams.data) return undefined;
  const mine = teams.data.filter((team) => actor.systemRole === 'admin' || team.manager.id === actor.id);
  return [{ value: '', label: 'Sin equipo' }, ...mine.map((team) => ({ value: String(team.id), label: team.name }))];
}
