/** User management's three counters: Administradores, Managers, Vendedores. */
import { formatNumber } from '@crm/domain';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconShieldCheck, IconUserStar, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../../lib/trpc';

function CountCard({ label, value, icon, color }: { label: string; value: number | undefined; icon: ReactNode; color: string }) {
  return (
    <Card aria-label={label} data-testid="role-count">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={32} w={40} mt={4} />
          ) : (
            <Text fz={28} fw={700} lh={1.2}>
              {formatNumber(value)}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function RoleCountCards() {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.users.roleCounts.queryOptions());
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} mb="lg">
      <CountCard label="Administradores" value={data?.admin} icon={<IconShieldCheck size={24} />} color="red" />
      <CountCard label="Managers" value={data?.manager} icon={<IconUserStar size={24} />} color="blue" />
      <CountCard label="Vendedores" value={data?.team_member} icon={<IconUsers size={24} />} color="teal" />
    </SimpleGrid>
  );
}
