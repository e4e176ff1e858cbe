/**
 * The assignment area of 'Agregar Nuevo Lead': 'Por Usuario' picks anyone on the team;
 * 'Por Especialización' lists the sellers whose custom roles suit the chosen category (docs/roles-and-permissions.md).
 */
import { SPECIALIZATION_LABELS, categoryLabel, fullName, isRecommendedRole, recommendedSpecializations } from '@crm/domain';
import { Badge, Group, Loader, Radio, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconUser, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSalesTeamWithRoles } from '../hooks/useLeadQueries';
import { UNASSIGNED, useTeamOptions } from '../hooks/useTeamOptions';

interface AssigneePickerProps {
  category: string;
  /** The chosen user id as a string, or null for nobody. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
}

function BySpecialization({ category, value, onChange }: Omit<AssigneePickerProps, 'error'>) {
  const team = useSalesTeamWithRoles(true);
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

  return (
    <Stack gap="xs">
      <Text size="sm">
        Especialidades recomendadas para {categoryLabel(category)}:{' '}
        {specializations.length > 0 ? specializations.map((name) => SPECIALIZATION_LABELS[name]).join(', ') : 'ninguna'}
      </Text>
      {recommended.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ningún vendedor tiene estas especialidades. Asigna el lead por usuario.
        </Text>
      ) : (
        <Radio.Group value={value ?? ''} onChange={(next) => onChange(next || null)} aria-label="Vendedores recomendados">
          <Stack gap="xs">
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
                        <Badge key={entry.id} size="xs" variant="light" color={entry.role.color}>
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

export function AssigneePicker({ category, value, onChange, error }: AssigneePickerProps) {
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
            onChange={(next) => onChange(next && next !== UNASSIGNED ? next : null)}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="specialization" pt="sm">
          <BySpecialization category={category} value={value} onChange={onChange} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
