/**
 * 'Visibilidad de leads' per role (admins): which leads the members of each system and custom role
 * see. The narrowest of a person's roles applies; an admin sees every lead whatever it says.
 */
import {
  type CustomRole,
  LEAD_VISIBILITIES,
  LEAD_VISIBILITY_HINTS,
  LEAD_VISIBILITY_LABELS,
  type LeadVisibility,
  type LeadVisibilitySettings,
  SYSTEM_ROLES,
  type SystemRole,
  can,
  systemRoleLabel,
} from '@crm/domain';
import { Card, Select, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { serverMessage } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

type RoleKey = SystemRole | number;

const OPTIONS = LEAD_VISIBILITIES.map((value) => ({ value, label: LEAD_VISIBILITY_LABELS[value] }));

function visibilityOf(settings: LeadVisibilitySettings, role: RoleKey): LeadVisibility {
  if (typeof role !== 'number') return settings.systemRoles[role];
  return settings.customRoles.find((custom) => custom.id === role)?.visibility ?? 'all';
}

export function LeadVisibilityCard({ customRoles }: { customRoles: CustomRole[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const allowed = can(useCurrentUser(), 'role.setLeadVisibility');
  const settings = useQuery({ ...trpc.leadVisibility.list.queryOptions(), enabled: allowed });
  const change = useMutation(
    trpc.leadVisibility.set.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.leadVisibility.list.queryKey(), answer);
        notifySuccess('Visibilidad guardada');
      },
      onError: (error) => notifyError('Error', serverMessage(error, 'No se pudo cambiar la visibilidad')),
    }),
  );
  if (!allowed) return null;
  const roles: { key: RoleKey; label: string }[] = [
    ...SYSTEM_ROLES.filter((role) => role !== 'admin').map((role) => ({ key: role, label: systemRoleLabel(role) })),
    ...customRoles.map((role) => ({ key: role.id, label: role.displayName })),
  ];
  return (
    <Card>
      <Title order={2} size="h4">
        Visibilidad de leads
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Qué leads ve cada rol. Si una persona tiene varios roles, se aplica el más restrictivo. Un administrador ve siempre todos.
      </Text>
      {settings.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {roles.map((role) => {
            const value = visibilityOf(settings.data, role.key);
            return (
              <Select
                key={role.key}
                label={role.label}
                description={LEAD_VISIBILITY_HINTS[value]}
                data={OPTIONS}
                value={value}
                allowDeselect={false}
                disabled={change.isPending}
                onChange={(next) => {
                  if (next && next !== value) change.mutate({ role: role.key, visibility: next });
                }}
              />
            );
          })}
        </SimpleGrid>
      ) : settings.isError ? (
        <Text c="red">No se pudo cargar la visibilidad de leads.</Text>
      ) : (
        <Skeleton h={96} />
      )}
    </Card>
  );
}
