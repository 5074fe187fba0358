import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { DEMO_ADMIN_ID, DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { SCREENSHOT_DIR, startE2E, type E2E } from '../support/e2e';
import { matchUsers, sendTexts, TELEGRAM_THEMES } from '../support/e2e-chat';
import { go, likeAs, onboardedUser, settled } from '../support/e2e-screens';

// The screenshot set: every main screen at three sizes in both Telegram themes, one browser, in-app navigation.
const ME = 100_010; // Артём, 13, Москва
const PEER = 100_024; // in his age band
const LIKERS = [100_018, 100_038]; // boys who show everyone: Артём shows boys only
const SIZES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];
const OUT = path.join(SCREENSHOT_DIR, 'screens');

interface Screen {
  name: string;
  route: string | (() => string);
  /** What must be on screen before the picture is taken. */
  ready?: (page: Page) => Promise<unknown>;
}

let e2e: E2E;
let chatId = '';

beforeAll(async () => {
  e2e = await startE2E();
  for (const liker of LIKERS) await likeAs(e2e, liker, ME);
  chatId = await matchUsers(e2e, ME, PEER);
  await sendTexts(e2e, PEER, chatId, ['Привет! Как дела?', 'Видел твою анкету — тоже люблю настолки']);
  await sendTexts(e2e, ME, chatId, ['Привет! Отлично, а у тебя?']);
  await onboardedUser(e2e);
  mkdirSync(OUT, { recursive: true });
}, 60_000);
afterAll(async () => {
  await e2e?.stop();
});

/** The app as that user in a Telegram theme, on the given first route. */
async function openApp(userId: number, route: string, theme: Theme): Promise<Page> {
  const { url } = (await (await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent(route)}`)).json()) as {
    url: string;
  };
  const [pathname = '/', hash = ''] = url.split('#');
  const params = new URLSearchParams(hash);
  params.set('tgWebAppThemeParams', JSON.stringify(TELEGRAM_THEMES[theme]));
  const context = await e2e.browser.newContext({ viewport: SIZES[0], locale: 'ru-RU', colorScheme: theme });
  // Telegram's palette as CSS variables, as a Telegram client's bridge would bind them.
  await context.addInitScript(
    (colours) => {
      document.addEventListener('DOMContentLoaded', () => {
        for (const [key, value] of Object.entries(colours))
          document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
      });
    },
    TELEGRAM_THEMES[theme] as Record<string, string>,
  );
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${e2e.baseUrl}${pathname}#${params.toString()}`);
  return page;
}

async function shoot(page: Page, screen: Screen, theme: Theme): Promise<void> {
  const route = typeof screen.route === 'string' ? screen.route : screen.route();
  const started = Date.now();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await go(page, route);
    await page.waitForFunction((to) => location.pathname + location.search === to, route);
    await screen.ready?.(page);
    await settled(page);
    await page.screenshot({ path: path.join(OUT, `${screen.name}-${size.width}x${size.height}-${theme}.png`) });
  }
  if (process.env.SCREENS_TIMING) console.info(`${screen.name}-${theme}: ${Date.now() - started} ms`);
}

const heading = (name: string | RegExp) => (page: Page) => page.getByText(name).first().waitFor({ timeout: 10_000 });

const USER_SCREENS: Screen[] = [
  {
    name: 'explore',
    route: '/explore',
    ready: (p) =>
      p
        .locator('article[data-user-id]')
        .or(p.getByText(/анкет|Анкеты/).first())
        .first()
        .waitFor(),
  },
  {
    name: 'likes',
    route: '/likes',
    // The first like's card (they come over the socket), not the tab's own 'Лайки' while the spinner still shows.
    ready: (p) =>
      p
        .locator('article[data-user-id]')
        .or(p.getByText(/никто не лайкнул|Новых лайков нет|Лайков больше нет/))
        .first()
        .waitFor({ timeout: 10_000 }),
  },
  { name: 'likes-history', route: '/likes-history', ready: heading(/Лайк|лайк|История/) },
  { name: 'chat-list', route: '/chat', ready: heading('Отлично, а у тебя') },
  { name: 'chat', route: () => `/messages/${chatId}`, ready: heading('Привет! Отлично, а у тебя?') },
  { name: 'my-profile', route: '/my-profile', ready: heading('О себе') },
  { name: 'profile-menu', route: '/profile', ready: heading('Приватность') },
  { name: 'search-settings', route: '/search-settings', ready: heading('Кого показывать') },
];

describe('screens of issue #24', () => {
  it.each(THEMES)(
    'saves every main screen at three sizes in the %s theme',
    async (theme) => {
      const user = await openApp(ME, '/explore', theme);
      for (const screen of USER_SCREENS) {
        // Search settings arrive with another part of the issue; until the route exists the app redirects away.
        if (screen.name === 'search-settings' && !(await routeExists(user, screen.route as string))) continue;
        await shoot(user, screen, theme);
      }
      await user.context().close();

      const moderator = await openApp(DEMO_MODERATOR_ID, '/moderation', theme);
      await shoot(
        moderator,
        { name: 'moderation-hub', route: '/moderation', ready: (p) => p.getByLabel(/^Новые анкеты: [1-9]/).waitFor() },
        theme,
      );
      await shoot(
        moderator,
        {
          name: 'moderation-review',
          route: '/moderation/profiles?type=INITIAL&status=PENDING',
          ready: (p) => p.locator('[data-item-id]').first().waitFor(),
        },
        theme,
      );
      await moderator.context().close();

      const admin = await openApp(DEMO_ADMIN_ID, '/admin/users', theme);
      await shoot(
        admin,
        { name: 'admin-users', route: '/admin/users', ready: (p) => p.getByRole('button', { name: /·/ }).first().waitFor() },
        theme,
      );
      await admin.context().close();
    },
    90_000,
  );
});

async function routeExists(page: Page, route: string): Promise<boolean> {
  await go(page, route);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return (await page.evaluate(() => location.pathname)) === route;
}
