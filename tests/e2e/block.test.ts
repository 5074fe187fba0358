import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIGHT_THEME, telegramWebviewScript } from '../../scripts/bench/telegram-webview';
import { startE2E, type E2E } from '../support/e2e';
import { swipeToEnd } from '../support/e2e-explore';

// A demo user: 15, in a band with several others (age = 13 + ((id - 100010) % 7)).
const VIEWER = 100_012;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

const card = (page: Page) => page.locator('article[data-user-id]');

describe('blocking from the explore card', () => {
  it('asks to confirm, removes the card at once, and the person never comes back', async () => {
    const page = await e2e.openAs(VIEWER, { route: '/explore' });
    await card(page).waitFor();
    const blocked = (await card(page).getAttribute('data-user-id')) ?? '';
    expect(blocked).not.toBe('');

    await card(page).getByRole('button', { name: 'Заблокировать' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Заблокировать пользователя?').waitFor();
    await e2e.screenshot(page, 'explore-block-confirm');
    await confirm.getByRole('button', { name: 'Заблокировать' }).click();
    await page.getByRole('status').filter({ hasText: 'Пользователь заблокирован' }).waitFor();
    await page.waitForFunction((id) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== id, blocked);

    // The whole rest of the feed goes by without them, and so does a fresh start of the app.
    const rest = await swipeToEnd(page);
    expect(rest.length).toBeGreaterThan(3);
    expect(rest).not.toContain(blocked);
    await page.reload();
    expect(await swipeToEnd(page)).not.toContain(blocked);

    await page.goto(`${e2e.baseUrl}/blacklist${new URL(page.url()).hash}`);
    await page.getByTestId('blacklist-row').first().waitFor();
    expect(await page.getByTestId('blacklist-row').count()).toBe(1);
    await page.context().close();
  });
});

/** The mini app in a Telegram client (its native bridge), whose pop-ups the user answers with `buttonId`. */
async function openInTelegramClient(userId: number, buttonId: string): Promise<Page> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent('/explore')}`);
  const { url } = (await res.json()) as { url: string };
  const page = await (await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ru-RU' })).newPage();
  await page.addInitScript(telegramWebviewScript(LIGHT_THEME));
  await page.addInitScript((pressed) => {
    const native = window as unknown as {
      TelegramWebviewProxy: { postEvent(name: string, json?: string): void };
      Telegram?: { WebView?: { receiveEvent(name: string, data?: unknown): void } };
      popups: unknown[];
    };
    const post = native.TelegramWebviewProxy.postEvent;
    native.popups = [];
    native.TelegramWebviewProxy.postEvent = (name, json) => {
      post(name, json);
      if (name !== 'web_app_open_popup') return;
      native.popups.push(JSON.parse(json ?? '{}'));
      setTimeout(() => native.Telegram?.WebView?.receiveEvent('popup_closed', { button_id: pressed }), 0);
    };
  }, buttonId);
  await page.goto(`${e2e.baseUrl}${url}`);
  return page;
}

describe('blocking inside a Telegram client (issue 40)', () => {
  it("asks with Telegram's native pop-up, not the app's dialog; cancel keeps the card, confirm blocks", async () => {
    for (const [pressed, blocks] of [
      ['cancel', false],
      ['confirm', true],
    ] as const) {
      const page = await openInTelegramClient(VIEWER + 2, pressed);
      await card(page).waitFor();
      const shown = (await card(page).getAttribute('data-user-id')) ?? '';
      await card(page).getByRole('button', { name: 'Заблокировать' }).click();
      await page.waitForFunction(() => (window as unknown as { popups: unknown[] }).popups.length === 1);
      const popup = await page.evaluate(() => (window as unknown as { popups: unknown[] }).popups[0]);
      expect(popup).toMatchObject({
        title: 'Заблокировать пользователя?',
        buttons: [{ id: 'cancel' }, { id: 'confirm', type: 'destructive' }],
      });
      if (blocks) {
        await page.getByRole('status').filter({ hasText: 'Пользователь заблокирован' }).waitFor();
        await page.waitForFunction((id) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== id, shown);
      } else {
        // The answer is in once the pop-up is closed: the card is still the same person's.
        await card(page).getByRole('button', { name: 'Заблокировать' }).waitFor();
        expect(await card(page).getAttribute('data-user-id')).toBe(shown);
      }
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await page.context().close();
    }
  });
});
