import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectPath } from './support/shop';

const launcher = (page: Page): Locator => page.getByRole('button', { name: 'Need Help?' });
const chat = (page: Page): Locator => page.getByRole('dialog', { name: /help/i });
const conversation = (page: Page): Locator => chat(page).getByRole('log');
/** The newest thing said in the conversation. */
const lastEntry = (page: Page): Locator => conversation(page).getByRole('listitem').last();
const answers = (page: Page): Locator => chat(page).getByRole('group', { name: 'Your answer' });
const LOOP_BACK = /anything else/i;

async function answer(page: Page, label: string): Promise<void> {
  await answers(page).getByRole('button', { name: label, exact: true }).click();
}

async function openChat(page: Page): Promise<void> {
  await page.goto('/');
  await launcher(page).click();
  await expect(chat(page)).toBeVisible();
  await expect(launcher(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(answers(page).getByRole('button')).toHaveText(['Yes', 'No']);
}

test.describe('help chat', () => {
  test('walks through help, information and bug, loops back and says goodbye', async ({ page }) => {
    await openChat(page);

    await answer(page, 'Yes');
    await expect(answers(page).getByRole('button')).toHaveText(['Help', 'Information', 'Bug']);

    await answer(page, 'Help');
    await expect(answers(page).getByRole('button')).toHaveText(['Account', 'Shoe size', 'Order problem']);
    await answer(page, 'Shoe size');
    const sizeLink = conversation(page).getByRole('link').last();
    await expect(sizeLink).toHaveAttribute('href', '/SizeChart');
    // It then loops back: anything else?
    await expect(lastEntry(page)).toContainText(LOOP_BACK);
    await expect(answers(page).getByRole('button')).toHaveText(['Yes', 'No']);

    await answer(page, 'Yes');
    await answer(page, 'Information');
    await expect(answers(page).getByRole('button')).toHaveText(['About us', 'Authentication', 'Pictures']);
    await answer(page, 'Authentication');
    const authentication = conversation(page).getByText(/100% legitimate/);
    await expect(authentication).toBeVisible();
    await expect(authentication).toContainText('third party');
    await expect(lastEntry(page)).toContainText(LOOP_BACK);

    await answer(page, 'Yes');
    await answer(page, 'Bug');
    await expect(conversation(page).getByRole('link').last()).toHaveAttribute('href', '/ContactUs');
    await expect(lastEntry(page)).toContainText(LOOP_BACK);

    await answer(page, 'No');
    await expect(lastEntry(page)).not.toContainText(LOOP_BACK);
    await expect(lastEntry(page)).toContainText(/come back|bye/i);
    await expect(answers(page).getByRole('button', { name: /^(Yes|No)$/ })).toHaveCount(0);

    // Escape closes the chat and gives the focus back to the launcher.
    await page.keyboard.press('Escape');
    await expect(chat(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the shoe size answer leads to the size chart', async ({ page }) => {
    await openChat(page);
    await answer(page, 'Yes');
    await answer(page, 'Help');
    await answer(page, 'Shoe size');
    await conversation(page).getByRole('link').last().click();
    await expectPath(page, '/SizeChart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Size Chart');
  });

  test('the bug answer leads to the contact form', async ({ page }) => {
    await openChat(page);
    await answer(page, 'Yes');
    await answer(page, 'Bug');
    await conversation(page).getByRole('link').last().click();
    await expectPath(page, '/ContactUs');
    await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  });

  test('says it is automated and puts a person one tap away', async ({ page }) => {
    await page.goto('/');
    const band = page.getByRole('region', { name: 'Questions about a size or an order?' });
    await expect(band).toContainText('automated');
    await band.getByRole('link', { name: 'Contact us' }).click();
    await expectPath(page, '/ContactUs');

    await openChat(page);
    await expect(chat(page)).toContainText('Automated assistant');
    await expect(chat(page)).not.toContainText('Online now');
    await chat(page).getByRole('link', { name: 'Contact us' }).click();
    await expectPath(page, '/ContactUs');
    await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  });

  test('follows the shopper as an icon past its band, and opens from there @phone', async ({ page }) => {
    await page.goto('/');
    await expect(launcher(page)).toHaveAttribute('data-help-launcher', 'docked');
    await page
      .getByRole('region', { name: 'The collection' })
      .getByRole('article')
      .last()
      .scrollIntoViewIfNeeded();
    await expect(launcher(page)).toHaveAttribute('data-help-launcher', 'floating');
    await expect(launcher(page)).toBeInViewport();
    await launcher(page).click();
    await expect(chat(page)).toBeVisible();
    await expect(chat(page)).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(launcher(page)).toBeFocused();
    // Back up at the band, it takes its place there again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(launcher(page)).toHaveAttribute('data-help-launcher', 'docked');
  });
});
