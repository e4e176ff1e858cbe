/** 'Exigir 2FA' per role (admins): members of a marked role must set up a second factor before using the app. */
import { type CustomRole, SYSTEM_ROLES, type SystemRole, type TwoFactorRequirements, can, systemRoleLabel } from '@crm/domain';
import { Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

type RoleKey = SystemRole | number;

function isRequired(requirements: TwoFactorRequirements, role: RoleKey): boolean {
  return typeof role === 'number' ? requirements.customRoleIds.includes(role) : requirements.systemRoles.includes(role);
}

export function TwoFactorRolesCard({ customRoles }: { customRoles: CustomRole[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const actor = useCurrentUser();
  const allowed = can(actor, 'role.requireSecondFactor');
  const requirements = useQuery({ ...trpc.auth.twoFactor.requirements.queryOptions(), enabled: allowed });
  const change = useMutation(
    trpc.auth.twoFactor.setRequirement.mutationOptions({
      onSuccess: (answer, input) => {
        queryClient.setQueryData(trpc.auth.twoFactor.requirements.queryKey(), answer);
        notifySuccess(input.required ? '2FA exigida' : '2FA ya no exigida');
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo cambiar el requisito de 2FA')),
    }),
  );
  if (!allowed) return null;
  const roles: { key: RoleKey; label: string }[] = [
    ...SYSTEM_ROLES.map((role) => ({ key: role, label: systemRoleLabel(role) })),
    ...customRoles.map((role) => ({ key: role.id, label: role.displayName })),
  ];
  return (
    <Card>
      <Title order={2} size="h4">
        Autenticación en dos pasos (2FA)
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Quien tenga un rol marcado deberá activar la 2FA justo después de su contraseña, antes de usar el CRM.
      </Text>
      {requirements.data ? (
        <Stack gap="xs">
          {roles.map((role) => (
            <Switch
              key={role.key}
              label={`Exigir 2FA: ${role.label}`}
              checked={isRequired(requirements.data, role.key)}
              disabled={change.isPending}
              onChange={(event) => change.mutate({ role: role.key, required: event.currentTarget.checked })}
            />
          ))}
        </Stack>
      ) : requirements.isError ? (
        <Text c="red">No se pudieron cargar los requisitos de 2FA.</Text>
      ) : (
        <Skeleton h={96} />
      )}
    </Card>
  );
}
