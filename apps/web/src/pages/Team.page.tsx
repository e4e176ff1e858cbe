/** Gestión del Equipo: summary, the table with real presence, add / edit / delete. */
import type { TeamMember } from '@crm/domain';
import { Button, Card, Center, Loader, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { AddMemberDialog } from '../features/team/components/AddMemberDialog';
import { TeamSummaryCards } from '../features/team/components/TeamSummaryCards';
import { TeamTable } from '../features/team/components/TeamTable';
import { TeamsCard } from '../features/team/components/TeamsCard';
import { DeleteUserDialog } from '../features/users/components/DeleteUserDialog';
import { EditUserDialog } from '../features/users/components/EditUserDialog';
import { useTRPC } from '../lib/trpc';
import { LoadError } from '../components/LoadError';

/** The team list, with presence kept live by the chat link's presence events (no polling). */
function useTeamWithLivePresence() {
  const trpc = useTRPC();
  const team = useQuery(trpc.team.list.queryOptions());
  const online = useQuery(trpc.chat.onlineUserIds.queryOptions());
  const members = useMemo(() => {
    if (!team.data || !online.data) return team.data;
    const ids = new Set(online.data);
    return team.data.map((member) => ({ ...member, online: ids.has(member.id) }));
  }, [team.data, online.data]);
  return { ...team, members };
}

function Team() {
  const team = useTeamWithLivePresence();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [deleting, setDeleting] = useState<TeamMember | null>(null);

  let body: ReactNode;
  if (team.isPending) {
    body = (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader />
          <Text c="dimmed">Cargando equipo...</Text>
        </Stack>
      </Center>
    );
  } else if (team.isError || !team.members) {
    body = <LoadError title="No se pudo cargar el equipo" query={team} />;
  } else if (team.members.length === 0) {
    body = (
      <Card>
        <Stack align="center" py="lg">
          <Text c="dimmed">No hay miembros en el equipo</Text>
          <Button onClick={() => setAdding(true)}>Agregar Primer Miembro</Button>
        </Stack>
      </Card>
    );
  } else {
    body = (
      <>
        <TeamSummaryCards members={team.members} />
        <TeamTable members={team.members} onEdit={setEditing} onDelete={setDeleting} />
        <TeamsCard />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Gestión del Equipo"
        subtitle="Rendimiento y estado de los miembros de tu equipo"
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
            Agregar Miembro
          </Button>
        }
      />
      {body}
      <AddMemberDialog opened={adding} onClose={() => setAdding(false)} />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

export default function TeamPage() {
  return (
    <RoleGate screen="team">
      <Team />
    </RoleGate>
  );
}
