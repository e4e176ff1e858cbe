/** What Hint loads on first use: only the Tooltip, not Mantine's whole barrel. */
export { Tooltip } from '@mantine/core';
