/** Whether the window is below Mantine's `sm` breakpoint (48em), where screens fold into their phone layout. */
import { useMediaQuery } from '@mantine/hooks';

const PHONE_QUERY = '(max-width: 48em)';

/**
 * Known in the first render: Mantine's default reads the query in an effect, so a phone first rendered
 * the wide layout and then, after its first paint, the whole shell and filter bar again in one
 * blocking render (issue 25's total blocking time), moving what was painted.
 */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
