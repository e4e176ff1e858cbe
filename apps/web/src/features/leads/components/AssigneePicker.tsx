/**
 * The assignment area of 'Agregar Nuevo Lead': 'Por Usuario' picks anyone on the team;
 * 'Por Especialización' lists the sellers whose custom roles suit the chosen category (docs/roles-and-permissions.md),
 * and, for those roles with a distribution rule, 'Asignar automáticamente': the server's rule picks the seller.
 */
import {
  DISTRIBUTION_RULE_LABELS,
  SPECIALIZATION_LABELS,
  categoryLabel,
  fullName,
  isRecommendedRole,
  recommendedSpecializations,
} from '@crm/domain';
import { Badge, Group, Loader, Radio, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { useSalesTeamWithRoles } from '../hooks/useLeadQueries';
import { UNASSIGNED, useTeamOptions } from '../hooks/useTeamOptions';

interface AssigneePickerProps {
  category: string;
  /** The chosen user id as a string, or null for nobody. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** The role whose distribution rule picks the seller ('Asignar automáticamente'), as a string, or null. */
  autoRoleId: string | null;
  onAutoRoleChange: (roleId: string | null) => void;
  error?: ReactNode;
}

/** The radio value of 'Asignar automáticamente' by a role, beside the sellers' ids. */
const AUTO_PREFIX = 'rol:';

// Role colours are chosen freely: a dot badge keeps the text readable whatever the colour.
function BySpecialization({ category, value, onChange, autoRoleId, onAutoRoleChange }: Omit<AssigneePickerProps, 'error'>) {
  const trpc = useTRPC();
  const team = useSalesTeamWithRoles(true);
  const roles = useQuery(trpc.customRoles.list.queryOptions());
  const specializations = category ? recommendedSpecializations(category) : [];
  if (!category) {
    return (
      <Text size="sm" c="dimmed">
        Elige una categoría para ver los vendedores recomendados.
      </Text>
    );
  }
  if (team.isPending) return <Loader size="sm" />;
  const recommended = (team.data ?? []).filter((user) => user.customRoles.some((entry) => isRecommendedRole(entry.role.name, category)));
  const distributing = (roles.data ?? []).filter((role) => role.distribution !== 'none' && isRecommendedRole(role.name, category));
  const choose = (next: string) => {
    const auto = next.startsWith(AUTO_PREFIX);
    onAutoRoleChange(auto ? next.slice(AUTO_PREFIX.length) : null);
    onChange(auto ? null : next || null);
  };

  return (
    <Stack gap="xs">
      <Text size="sm">
        Especialidades recomendadas para {categoryLabel(category)}:{' '}
        {specializations.length > 0 ? specializations.map((name) => SPECIALIZATION_LABELS[name]).join(', ') : 'ninguna'}
      </Text>
      {recommended.length === 0 && distributing.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ningún vendedor tiene estas especialidades. Asigna el lead por usuario.
        </Text>
      ) : (
        <Radio.Group
          value={autoRoleId ? `${AUTO_PREFIX}${autoRoleId}` : (value ?? '')}
          onChange={choose}
          aria-label="Vendedores recomendados"
        >
          <Stack gap="xs">
            {distributing.map((role) => (
              <Radio
                key={`role-${role.id}`}
                value={`${AUTO_PREFIX}${role.id}`}
                label={
                  <Group gap={6}>
                    <Text size="sm">Asignar automáticamente</Text>
                    <Badge size="xs" variant="dot" color={role.color}>
                      {role.displayName}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {DISTRIBUTION_RULE_LABELS[role.distribution]}
                    </Text>
                  </Group>
                }
              />
            ))}
            {recommended.map((user) => (
              <Radio
                key={user.id}
                value={String(user.id)}
                label={
                  <Group gap={6}>
                    <Text size="sm">{fullName(user.firstName, user.lastName, user.username)}</Text>
                    {user.customRoles
                      .filter((entry) => isRecommendedRole(entry.role.name, category))
                      .map((entry) => (
                        <Badge key={entry.id} size="xs" variant="dot" color={entry.role.color}>
                          {entry.role.displayName}
                        </Badge>
                      ))}
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}

export function AssigneePicker({ category, value, onChange, autoRoleId, onAutoRoleChange, error }: AssigneePickerProps) {
  const options = useTeamOptions();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Asignación (opcional)
      </Text>
      <Tabs defaultValue="user" variant="outline" keepMounted={false}>
        {/* Two equal tabs, a size smaller on a phone, so both labels fit one row of the dialog. */}
        <Tabs.List grow>
          <Tabs.Tab value="user" leftSection={<IconUser size={14} />} fz={{ base: 'xs', xs: 'sm' }} px={{ base: 6, xs: 'md' }}>
            Por Usuario
          </Tabs.Tab>
          <Tabs.Tab
            value="specialization"
            leftSection={<IconUsersGroup size={14} />}
            fz={{ base: 'xs', xs: 'sm' }}
            px={{ base: 6, xs: 'md' }}
          >
            Por Especialización
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="user" pt="sm">
          <Select
            label="Asignar a"
            data={options}
            value={value ?? UNASSIGNED}
            allowDeselect={false}
            searchable
            nothingFoundMessage="Sin resultados"
            onChange={(next) => {
              onAutoRoleChange(null);
              onChange(next && next !== UNASSIGNED ? next : null);
            }}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="specialization" pt="sm">
          <BySpecialization
            category={category}
            value={value}
            onChange={onChange}
            autoRoleId={autoRoleId}
            onAutoRoleChange={onAutoRoleChange}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
