/** 'Equipos': each team with its manager and its real members ('Equipo Norte — 4 miembros'). */
import { type Team, displayName, teamHeading } from '@crm/domain';
import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/LoadError';
import { useTRPC } from '../../../lib/trpc';

function TeamRow({ team }: { team: Team }) {
  return (
    <Stack gap={4}>
      <Text fw={600}>{teamHeading(team)}</Text>
      <Text size="sm" c="dimmed">
        Manager: {displayName(team.manager)}
      </Text>
      <Group gap={6}>
        {team.members.map((member) => (
          <Badge key={member.id} variant="light" color={member.id === team.manager.id ? 'indigo' : 'gray'} tt="none">
            {displayName(member)}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

export function TeamsCard() {
  const trpc = useTRPC();
  const teams = useQuery(trpc.teams.list.queryOptions());
  return (
    <Card>
      <Title order={2} size="h4" mb="sm">
        Equipos
      </Title>
      {teams.isPending ? (
        <Skeleton h={72} />
      ) : teams.isError ? (
        <LoadError title="No se pudieron cargar los equipos" query={teams} />
      ) : teams.data.length === 0 ? (
        <Text c="dimmed">Todavía no hay equipos: se crea uno al dar de alta un manager con su nombre de equipo.</Text>
      ) : (
        <Stack gap="md">
          {teams.data.map((team) => (
            <TeamRow key={team.id} team={team} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
