/**
 * React commits counted through the hook React DevTools use, which production builds call too. A
 * screen at rest commits nothing; a render loop (an effect that sets state on every render) commits
 * hundreds of times a second and burns a core for as long as the page is open.
 */
import type { Page } from 'playwright-core';

interface CommitCounter {
  commits: number;
}

/** Run in the page before the app loads (`page.addInitScript(countCommits)`). */
export function countCommits(): void {
  const counter: CommitCounter = { commits: 0 };
  Object.assign(window, {
    __crmCommits: counter,
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      onCommitFiberRoot: () => (counter.commits += 1),
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      checkDCE: () => undefined,
    },
  });
}

/** How many times React committed while the page was left alone for `ms`. */
export async function commitsAtRest(page: Page, ms: number): Promise<number> {
  const read = () => page.evaluate(() => (window as unknown as { __crmCommits: CommitCounter }).__crmCommits.commits);
  const before = await read();
  await page.waitForTimeout(ms);
  return (await read()) - before;
}
