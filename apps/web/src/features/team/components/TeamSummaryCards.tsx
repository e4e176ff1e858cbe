/** Total Miembros, Activos Hoy (users seen today) and Mejor Performance (most conversions). */
import { type TeamMember, fullName, seenToday, formatNumber } from '@crm/domain';
import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconTrophy, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';

function SummaryCard({ label, value, hint, icon, color }: { label: string; value: string; hint?: string; icon: ReactNode; color: string }) {
  return (
    <Card aria-label={label} data-testid="team-summary">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </div>
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function TeamSummaryCards({ members }: { members: TeamMember[] }) {
  const now = new Date();
  const activeToday = members.filter((member) => seenToday(member.lastSeenAt, now)).length;
  const best = members.reduce<TeamMember | undefined>(
    (top, member) => (member.converted > (top?.converted ?? 0) ? member : top),
    undefined,
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} mb="lg">
      <SummaryCard label="Total Miembros" value={formatNumber(members.length)} icon={<IconUsers size={24} />} color="indigo" />
      <SummaryCard label="Activos Hoy" value={formatNumber(activeToday)} icon={<IconActivity size={24} />} color="teal" />
      <SummaryCard
        label="Mejor Performance"
        value={formatNumber(best?.converted ?? 0)}
        hint={best ? fullName(best.firstName, best.lastName, best.username) : 'Sin conversiones aún'}
        icon={<IconTrophy size={24} />}
        color="yellow"
      />
    </SimpleGrid>
  );
}
