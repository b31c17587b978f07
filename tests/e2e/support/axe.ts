import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResult = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Options = {
  /** Only serious and critical violations (the storefront's bar); every violation otherwise (the admin's). */
  seriousOnly?: boolean;
  /** A CSS selector to check instead of the whole page. */
  include?: string;
};

/**
 * Waits until nothing on the page is mid-transition. A toast fading in is half transparent, and axe
 * reads its text as too faint: on a loaded machine the check can land in those 400 ms. Endless
 * animations (a spinner) never settle and are not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** One readable block per rule and element. */
function describe(result: AxeResult, seriousOnly: boolean): string[] {
  return result.violations
    .filter((violation) => !seriousOnly || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}`;
    });
}

/** The page's axe violations, described, once its transitions have settled. */
export async function axeViolations(
  page: Page,
  { seriousOnly = true, include }: Options = {},
): Promise<string[]> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  return describe(await (include ? builder.include(include) : builder).analyze(), seriousOnly);
}

export async function expectNoAxeViolations(page: Page, options: Options = {}): Promise<void> {
  const problems = await axeViolations(page, options);
  expect(problems, `accessibility problems on ${page.url()}:\n\n${problems.join('\n\n')}`).toEqual([]);
}
