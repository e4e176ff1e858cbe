/** The Mantine theme: indigo accents, rounded cards, Spanish-friendly system fonts. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'md', padding: 'lg' } },
    Tooltip: { defaultProps: { openDelay: 700 } },
  },
});
