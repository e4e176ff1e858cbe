/** A card's change against the previous 30 days: '+12%' green, '-3%' red, '0%' grey; nothing without previous data. */
import { formatTrend } from '@crm/domain';
import { Badge } from '@mantine/core';
import { IconTrendingDown, IconTrendingUp } from '@tabler/icons-react';

export function TrendBadge({ trend }: { trend: number | null }) {
  if (trend === null) return null;
  const color = trend > 0 ? 'teal' : trend < 0 ? 'red' : 'gray';
  const Icon = trend < 0 ? IconTrendingDown : IconTrendingUp;
  return (
    <Badge
      color={color}
      variant="light"
      leftSection={trend === 0 ? null : <Icon size={12} />}
      title="Cambio respecto a los 30 días anteriores"
      data-testid="trend-badge"
    >
      {formatTrend(trend)}
    </Badge>
  );
}
