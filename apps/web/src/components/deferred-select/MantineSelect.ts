/** What DeferredSelect loads on first use: only the Select, not Mantine's whole barrel. */
export { Select } from '@mantine/core';
