/**
 * The API tokens a person may manage: their own, or everyone's with the owner for an admin. Name,
 * scope, expiry and last use (when and from which address); on a phone the middle columns fold
 * under the name.
 */
import { API_TOKEN_SCOPE_LABELS, type ApiToken, type ApiTokenScope } from '@crm/domain';
import { ActionIcon, Badge, Card, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useNow } from '../../../lib/use-now';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { useIsPhone } from '../../../lib/use-is-phone';

function ScopeBadge({ scope }: { scope: ApiTokenScope }) {
  return (
    <Badge color={scope === 'write' ? 'orange' : 'blue'} variant="light" tt="none">
      {API_TOKEN_SCOPE_LABELS[scope]}
    </Badge>
  );
}

function useTokenTexts() {
  const format = useTeamFormat();
  const now = useNow();
  return {
    expiry: (token: ApiToken) => {
      if (!token.expiresAt) return 'Sin caducidad';
      const when = format.dateTime(token.expiresAt);
      return token.expiresAt.getTime() <= now ? `Caducó el ${when}` : `Caduca el ${when}`;
    },
    lastUse: (token: ApiToken) =>
      token.lastUsedAt ? `${format.dateTime(token.lastUsedAt)} desde ${token.lastUsedIp ?? 'dirección desconocida'}` : 'Nunca usado',
    created: (token: ApiToken) => format.date(token.createdAt),
  };
}

export function ApiTokensTable({
  tokens,
  showOwner,
  onRevoke,
}: {
  tokens: ApiToken[];
  showOwner: boolean;
  onRevoke: (token: ApiToken) => void;
}) {
  const isPhone = useIsPhone();
  const texts = useTokenTexts();
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={isPhone ? 0 : 760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              {showOwner ? <Table.Th visibleFrom="sm">Propietario</Table.Th> : null}
              <Table.Th visibleFrom="sm">Permisos</Table.Th>
              <Table.Th visibleFrom="sm">Caducidad</Table.Th>
              <Table.Th visibleFrom="sm">Último uso</Table.Th>
              <Table.Th ta="right">Acciones</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.map((token) => (
              <Table.Tr key={token.id} data-testid="api-token-row">
                <Table.Td>
                  <Stack gap={2}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {token.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Creado el {texts.created(token)}
                    </Text>
                    <Stack gap={4} mt={4} hiddenFrom="sm">
                      <ScopeBadge scope={token.scope} />
                      {showOwner ? <Text size="xs">Propietario: {token.owner.name}</Text> : null}
                      <Text size="xs">{texts.expiry(token)}</Text>
                      <Text size="xs">Último uso: {texts.lastUse(token)}</Text>
                    </Stack>
                  </Stack>
                </Table.Td>
                {showOwner ? (
                  <Table.Td visibleFrom="sm">
                    <Text size="sm">{token.owner.name}</Text>
                  </Table.Td>
                ) : null}
                <Table.Td visibleFrom="sm">
                  <ScopeBadge scope={token.scope} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{texts.expiry(token)}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{texts.lastUse(token)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label="Revocar">
                    <ActionIcon variant="subtle" color="red" aria-label={`Revocar el token ${token.name}`} onClick={() => onRevoke(token)}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
