/** While the browser has no network, a banner says so; it goes away by itself when the network returns. */
import { Paper, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import classes from './OfflineBanner.module.css';

export function OfflineBanner() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Paper className={classes.banner} shadow="md" role="status" data-testid="offline-banner">
      <IconWifiOff size={18} aria-hidden />
      <Text size="sm" fw={600}>
        Sin conexión: los datos se actualizarán al volver la red.
      </Text>
    </Paper>
  );
}
