import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { axeViolations } from '../support/axe';
import { startE2E, type E2E } from '../support/e2e';
import { matchUsers, openThemed, sendTexts } from '../support/e2e-chat';
import { go, likeAs, newUserId, onboardedUser, settled } from '../support/e2e-screens';
import { foreignIconLabels } from '../support/icon-labels';
import { recordedMotion, recordMotion } from '../support/motion';
import { smallTargets } from '../support/touch-targets';

// Issue 40, "Accessible to everyone": axe-core's WCAG 2.1 A/AA rules on the main screens in both Telegram palettes.
const ME = 100_010; // Артём, 13, Москва
const PEER = 100_024; // in his age band
const LIKERS = [100_018, 100_038];
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

let e2e: E2E;
let chatId = '';
let reviewedUser = 0;

beforeAll(async () => {
  e2e = await startE2E();
  for (const liker of LIKERS) await likeAs(e2e, liker, ME);
  chatId = await matchUsers(e2e, ME, PEER);
  await sendTexts(e2e, PEER, chatId, ['Привет! Как дела?']);
  await sendTexts(e2e, ME, chatId, ['Привет! Отлично, а у тебя?']);
  reviewedUser = await onboardedUser(e2e);
}, 90_000);
afterAll(async () => {
  await e2e?.stop();
});

/** The app in that palette, axe allowed in by the test's context only (the page's own CSP stays as served). */
async function open(userId: number, route: string, theme: Theme): Promise<Page> {
  const page = await openThemed(e2e, userId, route, theme, {}, { bypassCSP: true });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

/** axe's findings, the controls under 44×44 px and the icon controls without a Russian name on the page as it is now. */
const audit = async (page: Page, screen: string) => [
  ...(await axeViolations(page, screen)),
  ...(await smallTargets(page, screen)),
  ...(await foreignIconLabels(page, screen)),
];

const text = (page: Page, name: string | RegExp) => page.getByText(name).first().waitFor({ timeout: 15_000 });

/** Goes to the route in the running app, waits for what shows it is there, and audits it. */
async function visit(page: Page, route: string, ready: (p: Page) => Promise<unknown>, name = route): Promise<string[]> {
  await go(page, route);
  await ready(page);
  await settled(page);
  return audit(page, name);
}

async function userScreens(theme: Theme): Promise<string[]> {
  const page = await open(ME, '/explore', theme);
  const found = [
    ...(await visit(page, '/explore', (p) => p.locator('article[data-user-id]').first().waitFor())),
    ...(await visit(page, '/likes', (p) => text(p, /лайк/i))),
    ...(await visit(page, '/chat', (p) => text(p, 'Отлично, а у тебя'))),
    ...(await visit(page, `/messages/${chatId}`, (p) => text(p, 'Привет! Как дела?'), '/messages/:chatId')),
    ...(await visit(page, '/profile', (p) => p.getByTestId('profile-name').waitFor())),
    ...(await visit(page, '/my-profile', (p) => text(p, 'О себе'))),
    ...(await visit(page, '/privacy', (p) => text(p, /Архив|Конфиденциальность/))),
    ...(await visit(page, '/search-settings', (p) => text(p, 'Кого показывать'))),
  ];
  await go(page, '/my-profile');
  await page.getByTestId('edit-bio').click();
  await page.getByRole('dialog', { name: 'О себе' }).waitFor();
  await settled(page);
  found.push(...(await audit(page, 'profile edit (О себе)')));
  await page.context().close();
  return found;
}

const step = (page: Page, name: string) => page.locator(`[data-testid="registration-step"][data-step="${name}"]`).waitFor();

/** A fresh user's onboarding steps up to the photos, audited one by one, then the under-review screen. */
async function onboardingScreens(theme: Theme): Promise<string[]> {
  const page = await open(await newUserId(e2e), '/', theme);
  const found: string[] = [];
  const auditStep = async (name: string) => {
    await step(page, name);
    await settled(page);
    found.push(...(await audit(page, `onboarding ${name}`)));
  };
  const next = () => page.getByRole('button', { name: 'Далее' }).click();
  await auditStep('WELCOME');
  await page.getByRole('button', { name: 'Начать' }).click();
  await auditStep('NAME');
  await page.getByLabel('Имя').fill('Аня');
  await next();
  await auditStep('BIRTHDATE');
  await page.getByLabel('День').click();
  await page.keyboard.type(`0101${new Date().getUTCFullYear() - 16}`);
  await next();
  await auditStep('SEX_CHOICE');
  await page.getByRole('radio', { name: 'Женский' }).click();
  await next();
  await auditStep('GENDER');
  await page.getByRole('radio', { name: 'Лесби' }).click();
  await next();
  await auditStep('CITY');
  await page.getByLabel('Город').fill('мос');
  await page
    .getByRole('button', { name: /^Москва/ })
    .first()
    .click();
  await page.getByTestId('chosen-city').waitFor();
  await next();
  await auditStep('PHOTOS');
  await page.context().close();

  const review = await open(reviewedUser, '/', theme);
  await review.getByRole('heading', { name: 'Анкета на модерации' }).waitFor({ timeout: 15_000 });
  await settled(review);
  found.push(...(await audit(review, 'onboarding under review')));
  await review.context().close();
  return found;
}

async function moderationScreens(theme: Theme): Promise<string[]> {
  const page = await open(DEMO_MODERATOR_ID, '/moderation', theme);
  const found = [
    ...(await visit(page, '/moderation', (p) => p.getByLabel(/^Новые анкеты: [1-9]/).waitFor())),
    ...(await visit(page, '/moderation/profiles?type=INITIAL&status=PENDING', (p) => p.locator('[data-item-id]').first().waitFor())),
  ];
  await page.context().close();
  return found;
}

describe('accessibility of the main screens (axe-core, WCAG 2.1 A/AA)', () => {
  it.each(THEMES)(
    "finds no violation in Telegram's %s palette",
    async (theme) => {
      const found = [...(await userScreens(theme)), ...(await onboardingScreens(theme)), ...(await moderationScreens(theme))];
      expect(found).toEqual([]);
    },
    120_000,
  );

  it('under prefers-reduced-motion the swipe fly-off fades in place and the match view appears without motion', async () => {
    const page = await open(ME, '/explore', 'light');
    const liveCard = page.locator('article[data-user-id]').first();
    await liveCard.waitFor();
    await recordMotion(page, ['leaving-card', 'match-view']);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const first = await liveCard.getAttribute('data-user-id');
    await page.getByRole('button', { name: 'Дизлайк', exact: true }).click();
    expect(await recordedMotion(page, 1)).toEqual([{ testId: 'leaving-card', moves: true }]);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByTestId('leaving-card').waitFor({ state: 'detached' });
    await page.locator(`article[data-user-id]:not([data-user-id="${first}"])`).waitFor();
    await page.getByRole('button', { name: 'Дизлайк', exact: true }).click();
    await go(page, '/likes');
    await page.getByRole('button', { name: 'Лайк', exact: true }).first().click();
    await page.getByRole('dialog', { name: 'Ваш лайк взаимный!' }).waitFor();
    expect((await recordedMotion(page, 3)).slice(1)).toEqual([
      { testId: 'leaving-card', moves: false },
      { testId: 'match-view', moves: false },
    ]);
    await settled(page);
    expect(await audit(page, 'match view')).toEqual([]);
    await page.context().close();
  });
});
