/** 'Mejores Vendedores': the best performers with their conversions, revenue and a rate bar. */
import { conversionBarWidth, formatPercent, formatCount } from '@crm/domain';
import { Avatar, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';

/** How many sellers the panel lists. */
const TOP_SELLERS = 5;

export function TopSellersPanel() {
  const format = useTeamFormat();
  const trpc = useTRPC();
  const performance = useQuery(trpc.analytics.performance.queryOptions());
  const { data: loaded, pending } = useDeferredData(performance);
  const sellers = (loaded ?? []).slice(0, TOP_SELLERS);
  return (
    <Card h="100%" data-testid="top-sellers">
      <Title order={2} size="h4" mb="md">
        Mejores Vendedores
      </Title>
      {pending ? (
        <Stack gap="md">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={44} />
          ))}
        </Stack>
      ) : sellers.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No hay datos de rendimiento disponibles
        </Text>
      ) : (
        <Stack gap="md">
          {sellers.map((seller) => (
            <Stack key={seller.id} gap={6} data-testid="seller-row">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Avatar color="indigo" radius="xl">
                    {seller.initials}
                  </Avatar>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {seller.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatCount(seller.converted, 'convertido', 'convertidos')}
                    </Text>
                  </Stack>
                </Group>
                <Stack gap={0} align="flex-end">
                  <Text size="sm" fw={600}>
                    {format.money(seller.revenue)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatPercent(seller.conversionRate)}
                  </Text>
                </Stack>
              </Group>
              <Progress
                value={conversionBarWidth(seller.conversionRate)}
                size="sm"
                color="teal"
                aria-label={`Tasa de conversión de ${seller.name}`}
              />
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}
