/**
 * The team table: member, role, leads, conversions, rate bar (capped at 100), presence, actions
 * ('Disponible para asignación', edit, delete).
 * On a phone the middle columns fold under the member's name, so nothing needs a sideways swipe.
 */
import { type TeamMember, can, conversionBarWidth, fullName, formatNumber, formatCount } from '@crm/domain';
import { ActionIcon, Badge, Box, Card, Group, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { UserAvatar } from '../../../components/UserAvatar';
import { SystemRoleBadge } from '../../users/components/SystemRoleBadge';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { useIsPhone } from '../../../lib/use-is-phone';

const rateFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

interface TeamTableProps {
  members: TeamMember[];
  onEdit: (member: TeamMember) => void;
  onDelete: (member: TeamMember) => void;
}

function Presence({ online }: { online: boolean }) {
  return (
    <Badge color={online ? 'green' : 'gray'} variant="dot" size="sm" tt="none">
      {online ? 'En línea' : 'Desconectado'}
    </Badge>
  );
}

/** What the folded columns say, under the name on a phone. */
function PhoneSummary({ member }: { member: TeamMember }) {
  return (
    <Stack gap={4} mt={6} hiddenFrom="sm">
      <Group gap={6}>
        <SystemRoleBadge role={member.systemRole} compact />
        <Presence online={member.online} />
      </Group>
      <Text size="xs">
        {formatCount(member.assigned, 'asignado', 'asignados')} · {formatCount(member.converted, 'convertido', 'convertidos')} ·{' '}
        {rateFormat.format(member.conversionRate)}%
      </Text>
    </Stack>
  );
}

export function TeamTable({ members, onEdit, onDelete }: TeamTableProps) {
  const actor = useCurrentUser();
  const isPhone = useIsPhone();
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={isPhone ? 0 : 880}>
        {/* 'xs' between columns: with 'sm' the columns' narrowest widths add up to ~1000 px, 20 more than a 1280 px laptop leaves beside the sidebar. */}
        <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Miembro</Table.Th>
              <Table.Th visibleFrom="sm">Rol</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Leads Asignados
              </Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                Convertidos
              </Table.Th>
              <Table.Th visibleFrom="sm">Tasa Conversión</Table.Th>
              <Table.Th visibleFrom="sm">Estado</Table.Th>
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
                      {/* Up to 170 px (150 cut most names short): a longer name wraps between its words, never mid-word, and the email is cut. */}
                      <Stack gap={0} miw={0} maw={170}>
                        <Text fw={600} size="sm" style={{ overflowWrap: 'break-word' }}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {member.email ?? `@${member.username}`}
                        </Text>
                        <PhoneSummary member={member} />
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {/* A fixed box: a badge alone lets the column shrink until its label is cut. */}
                    <Box w={110}>
                      <SystemRoleBadge role={member.systemRole} compact />
                    </Box>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {formatNumber(member.assigned)}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {formatNumber(member.converted)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Group gap="xs" wrap="nowrap">
                      <Progress value={conversionBarWidth(member.conversionRate)} w={60} size="sm" aria-hidden />
                      <Text size="sm">{rateFormat.format(member.conversionRate)}%</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Box w={115}>
                      <Presence online={member.online} />
                    </Box>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {can(actor, 'user.setAvailability', member) ? <AvailabilitySwitch member={member} name={name} /> : null}
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
