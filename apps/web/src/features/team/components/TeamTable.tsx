/** The team table: member, role, leads, conversions, rate bar (capped at 100), presence, actions. */
import { type TeamMember, can, conversionBarWidth, fullName, formatNumber } from '@crm/domain';
import { ActionIcon, Badge, Box, Card, Group, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { UserAvatar } from '../../../components/UserAvatar';
import { SystemRoleBadge } from '../../users/components/SystemRoleBadge';

const rateFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

interface TeamTableProps {
  members: TeamMember[];
  onEdit: (member: TeamMember) => void;
  onDelete: (member: TeamMember) => void;
}

export function TeamTable({ members, onEdit, onDelete }: TeamTableProps) {
  const actor = useCurrentUser();
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Miembro</Table.Th>
              <Table.Th>Rol</Table.Th>
              <Table.Th ta="right">Leads Asignados</Table.Th>
              <Table.Th ta="right">Convertidos</Table.Th>
              <Table.Th>Tasa Conversión</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th ta="right">Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => {
              const name = fullName(member.firstName, member.lastName, member.username);
              return (
                <Table.Tr key={member.id} data-testid="team-row" aria-label={name}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar user={member} size="md" />
                      <Stack gap={0} maw={180} miw={0}>
                        <Text fw={600} size="sm" truncate title={name}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {member.email ?? `@${member.username}`}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {/* A fixed box: a badge alone lets the column shrink until its label is cut. */}
                    <Box w={110}>
                      <SystemRoleBadge role={member.systemRole} compact />
                    </Box>
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(member.assigned)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(member.converted)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Progress value={conversionBarWidth(member.conversionRate)} w={60} size="sm" aria-hidden />
                      <Text size="sm">{rateFormat.format(member.conversionRate)}%</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Box w={115}>
                      <Badge color={member.online ? 'green' : 'gray'} variant="dot" size="sm" tt="none">
                        {member.online ? 'En línea' : 'Desconectado'}
                      </Badge>
                    </Box>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {can(actor, 'user.editProfile', member) ? (
                        <Tooltip label="Editar">
                          <ActionIcon variant="subtle" aria-label={`Editar ${name}`} onClick={() => onEdit(member)}>
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                      {can(actor, 'user.delete', member) ? (
                        <Tooltip label="Eliminar">
                          <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${name}`} onClick={() => onDelete(member)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
