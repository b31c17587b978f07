import type { Page } from '@playwright/test';

/**
 * The label ("3 of 12") of the home carousel's slide sitting at its left edge: where the slides
 * are, whether Embla has taken them over or not (before the app runs they are plain markup).
 */
export function leadingSlide(page: Page): Promise<string | null> {
  return page.getByRole('region', { name: 'Hot deals' }).evaluate((section) => {
    const all = Array.from(section.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'));
    const viewport = all[0]?.parentElement?.parentElement;
    if (!viewport) return null;
    const left = viewport.getBoundingClientRect().left;
    let best: HTMLElement | undefined;
    for (const slide of all) {
      const distance = Math.abs(slide.getBoundingClientRect().left - left);
      if (!best || distance < Math.abs(best.getBoundingClientRect().left - left)) best = slide;
    }
    return best?.getAttribute('aria-label') ?? null;
  });
}
