/**
 * Builds Mantine's `useId` from React's id alone. Mantine's own swaps React's id for a random one in a
 * layout effect: every mounted input, checkbox, tab list and the app shell set state while React
 * committed, which React renders synchronously before the commit ends, so each commit of the first
 * screen (a transition, sliced) ended in one blocking render of them plus every passive effect
 * (issue 25's total blocking time; docs/performance.md). The app has one React root, so React's ids
 * are unique on the page. A Mantine whose hook changed fails the build: check it, then adjust.
 */
import type { Plugin } from 'vite';

const MANTINE_USE_ID = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;

/** What the replaced hook must still contain: the random id set after mount. */
const EXPECTED = 'setUuid(randomId())';

const USE_ID = `import { useId as useReactId } from 'react';
function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
export { useId };
`;

export function mantineIdPlugin(): Plugin {
  return {
    name: 'crm:mantine-id',
    apply: 'build',
    transform(code, id) {
      if (!MANTINE_USE_ID.test(id.replaceAll('\\', '/'))) return null;
      if (!code.includes(EXPECTED)) this.error(`Mantine's useId changed (${id}): check tools/mantine-id-plugin.ts`);
      return { code: USE_ID, map: null };
    },
  };
}
