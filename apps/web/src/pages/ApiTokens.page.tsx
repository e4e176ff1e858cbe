/** 'Tokens de API' (under Mi Perfil): the tokens other software uses to act as you, created, listed and revoked here. */
import { type ApiToken, can } from '@crm/domain';
import { Anchor, Breadcrumbs, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { LoadError } from '../components/LoadError';
import { PageHeader } from '../components/PageHeader';
import { ApiTokensTable } from '../features/api-tokens/components/ApiTokensTable';
import { CreateApiTokenDialog } from '../features/api-tokens/components/CreateApiTokenDialog';
import { RevokeApiTokenDialog } from '../features/api-tokens/components/RevokeApiTokenDialog';
import { useTRPC } from '../lib/trpc';

export default function ApiTokensPage() {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions());
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const everyone = can(user, 'apiToken.manageAll');
  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/profile" size="sm">
          Mi Perfil
        </Anchor>
        <Text size="sm">Tokens de API</Text>
      </Breadcrumbs>
      <PageHeader
        title="Tokens de API"
        subtitle={
          everyone
            ? 'Los tokens de todo el equipo: cada uno actúa en nombre de su propietario'
            : 'Deja que otros programas usen el CRM en tu nombre, con tus mismos permisos'
        }
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={openCreate}>
            Nuevo token
          </Button>
        }
      />
      <Stack>
        {tokens.isError ? (
          <LoadError title="No se pudieron cargar los tokens" query={tokens} />
        ) : tokens.data === undefined ? (
          <Skeleton h={160} />
        ) : tokens.data.length === 0 ? (
          <Card>
            <Text c="dimmed" ta="center">
              Aún no hay tokens de API. Crea uno para conectar otro programa.
            </Text>
          </Card>
        ) : (
          <ApiTokensTable tokens={tokens.data} showOwner={everyone} onRevoke={setRevoking} />
        )}
        <Text size="xs" c="dimmed">
          Un token actúa con los permisos de su propietario; uno de solo lectura no puede hacer cambios. Cada token admite un número
          limitado de solicitudes por minuto.
        </Text>
      </Stack>
      <CreateApiTokenDialog opened={creating} onClose={closeCreate} />
      <RevokeApiTokenDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
