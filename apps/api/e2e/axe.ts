/** axe-core in the browser tests: the serious and critical violations of what a page shows now. */
import axe from 'axe-core';
import type { Page } from 'playwright-core';

interface AxeRunner {
  run(
    context: unknown,
    options: { resultTypes: string[] },
  ): Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
}

/**
 * Each serious or critical violation as 'rule (impact): target — why'; `include` narrows the check to
 * a part of the page (a dialog). axe is evaluated rather than added as a script tag, which the app's
 * Content-Security-Policy refuses.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await animationsDone(page);
  // Evaluated once per document: compiling axe's half a megabyte again for every check costs the renderer.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (selector) => {
    const runner = (window as unknown as { axe: AxeRunner }).axe;
    const result = await runner.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => {
        const nodes = violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary ?? ''}`);
        return `${violation.id} (${violation.impact}): ${nodes.join(' | ')}`;
      });
  }, include);
}

/**
 * Until the page's finite animations (a menu's or a dialog's fade-in, an overlay's fade) have run:
 * axe reads colours as shown, and a half-faded dialog reads as low contrast.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        // A cancelled animation (replaced by the next state) rejects `finished`: it is done all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
