import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveBase, decideStage } from '../support/onboarding-decisions';
import { SCREENSHOT_DIR, startE2E, type E2E } from '../support/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

/** A fresh Telegram id with no profile, as the launcher's 'Новый пользователь' gives. */
async function newUserId(): Promise<number> {
  const res = await fetch(`${e2e.baseUrl}/dev/api/new-user`, { method: 'POST' });
  return ((await res.json()) as { id: number }).id;
}

async function open(userId: number): Promise<Page> {
  const page = await e2e.openAs(userId);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The start-up loading screen fades out above the first screen.
  await page.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached' });
  return page;
}

/** A real photo-like picture (gradient, a figure, some grain) in the given format and size. */
async function picture(format: 'jpeg' | 'png', width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},65%,45%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.17}" fill="hsl(${hue},40%,92%)"/>
    <ellipse cx="${width / 2}" cy="${height * 0.95}" rx="${width * 0.36}" ry="${height * 0.3}" fill="hsl(${hue},40%,92%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format, { quality: 95 }).toBuffer();
}

interface SentImage {
  name: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
}

/** Records, inside the page, the image each upload call carries (type and pixel size of the `file` form field). */
function recordUploads(page: Page): Promise<void> {
  return page.evaluate(() => {
    const sent: SentImage[] = [];
    Object.assign(window, { __sentImages: sent });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (String(input).endsWith('/cdn/images/upload') && init?.body instanceof FormData) {
        const file = init.body.get('file') as File;
        const bitmap = await createImageBitmap(file);
        sent.push({ name: file.name, type: file.type, width: bitmap.width, height: bitmap.height, bytes: file.size });
      }
      return original(input, init);
    };
  });
}

const sentImages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sentImages: SentImage[] }).__sentImages.sort((a, b) => a.name.localeCompare(b.name)));

function birthForAge(age: number): { day: string; month: string; year: string } {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - 100 * 86_400_000);
  return {
    day: String(d.getUTCDate()).padStart(2, '0'),
    month: String(d.getUTCMonth() + 1).padStart(2, '0'),
    year: String(d.getUTCFullYear()),
  };
}

const step = (page: Page, name: string) => page.locator(`[data-testid="registration-step"][data-step="${name}"]`).waitFor();
const next = (page: Page) => page.getByRole('button', { name: 'Далее' }).click();

async function myProfile(userId: number) {
  const { initData } = (await (await fetch(`${e2e.baseUrl}/dev/api/launch/${userId}`)).json()) as { initData: string };
  const res = await fetch(`${e2e.baseUrl}/api/profile/my`, { headers: { Authorization: `tma ${initData}` } });
  return (await res.json()) as {
    displayName: string;
    gender: string;
    sex: string | null;
    city: string;
    placeId: number;
    photos: string[];
    birthDate: string;
    bio: string | null;
    lookingFor: string[];
  };
}

/** Walks the six steps for a fresh user, photos included, and sends the base profile. */
async function completeOnboarding(page: Page, shots: boolean): Promise<SentImage[]> {
  const shot = (name: string) => (shots ? e2e.screenshot(page, name) : Promise.resolve(''));
  await step(page, 'WELCOME');
  await shot('onboarding-01-welcome');
  await page.getByRole('button', { name: 'Начать' }).click();

  await step(page, 'NAME');
  await page.getByLabel('Имя').fill('Anya');
  await next(page);
  await page.getByRole('alert').filter({ hasText: 'Только кириллица!' }).waitFor();
  await shot('onboarding-02-name-error');
  await page.getByLabel('Имя').fill('Аня');
  await shot('onboarding-02-name');
  await next(page);

  await step(page, 'BIRTHDATE');
  const birth = birthForAge(16);
  await page.getByLabel('День').click();
  await page.keyboard.type(`${birth.day}${birth.month}${birth.year}`);
  expect(await page.getByLabel('Год').inputValue()).toBe(birth.year);
  await page.getByText('Вам 16 лет').waitFor();
  await shot('onboarding-03-birthdate');
  await next(page);

  await step(page, 'SEX_CHOICE');
  await page.getByRole('radio', { name: 'Женский' }).click();
  await shot('onboarding-04-sex');
  await next(page);

  await step(page, 'GENDER');
  // A girl is offered Лесби, not Гей (AMENDMENTS §4.1).
  expect(await page.getByRole('radio', { name: 'Гей' }).count()).toBe(0);
  await page.getByRole('radio', { name: 'Лесби' }).click();
  expect(await page.getByRole('radio', { name: 'Лесби' }).getAttribute('aria-checked')).toBe('true');
  await shot('onboarding-05-orientation');
  await next(page);

  await step(page, 'CITY');
  await page.getByLabel('Город').fill('мос');
  await page
    .getByRole('button', { name: /^Москва/ })
    .first()
    .waitFor();
  await shot('onboarding-06-city-search');
  await page
    .getByRole('button', { name: /^Москва/ })
    .first()
    .click();
  await page.getByTestId('chosen-city').waitFor();
  await shot('onboarding-06-city');
  await next(page);

  await step(page, 'PHOTOS');
  await shot('onboarding-07-photos-empty');
  await recordUploads(page);
  const files = [
    { name: 'IMG_4032.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', 3024, 4032, 205) },
    { name: 'screenshot.png', mimeType: 'image/png', buffer: await picture('png', 1600, 1200, 320) },
    { name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: await picture('jpeg', 1200, 1600, 35) },
  ];
  for (const [i, file] of files.entries()) await page.getByLabel(`Фото ${i + 1}`, { exact: true }).setInputFiles(file);
  await page.getByText('Загружено 3 из 3').waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.locator('img[alt^="Фото"]').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete)))
    .toBe(true);
  await shot('onboarding-07-photos');

  const sent = await sentImages(page);
  await page.getByRole('button', { name: 'Отправить' }).click();
  return sent;
}

describe('onboarding in Chromium', () => {
  it('takes a fresh user from the welcome screen through six steps and three real photos to the under-review screen', async () => {
    const userId = await newUserId();
    const page = await open(userId);
    // Each photo is compressed in the browser to a JPEG with the longest side 1080 before it is sent.
    const sent = await completeOnboarding(page, true);

    await page.getByRole('heading', { name: 'Анкета на модерации' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Подписаться на канал' }).waitFor();
    await e2e.screenshot(page, 'onboarding-08-under-review');

    expect(sent).toEqual([
      { name: 'photo-1.jpg', type: 'image/jpeg', width: 810, height: 1080, bytes: expect.any(Number) },
      { name: 'photo-2.jpg', type: 'image/jpeg', width: 1080, height: 810, bytes: expect.any(Number) },
      { name: 'photo-3.jpg', type: 'image/jpeg', width: 810, height: 1080, bytes: expect.any(Number) },
    ]);

    const profile = await myProfile(userId);
    expect(profile).toMatchObject({ displayName: 'Аня', gender: 'LESBIAN', sex: 'FEMALE', city: 'Москва' });
    expect(profile.photos).toHaveLength(3);

    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'dark' });
    await e2e.screenshot(page, 'onboarding-08-under-review-dark');
    await page.context().close();
  });

  it("starts onboarding from the welcome screen for the launcher's 'Новый пользователь', 'Далее' on Telegram's MainButton", async () => {
    const launcher = await e2e.openLauncher();
    await launcher.emulateMedia({ reducedMotion: 'reduce' });
    await launcher.locator('#theme').selectOption('dark');
    await launcher.getByRole('button', { name: 'Новый пользователь' }).click();
    const app = launcher.frameLocator('#app');
    await app.locator('[data-testid="registration-step"][data-step="WELCOME"]').waitFor();
    await app.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached' });
    await app.getByRole('button', { name: 'Начать' }).click();
    await app.getByRole('progressbar').waitFor();
    expect(await app.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Шаг 1 из 6');
    await app.getByLabel('Имя').fill('Лёва');
    // Inside Telegram 'Далее' is Telegram's MainButton (the launcher draws it under the frame), not a page button.
    const mainButton = launcher.locator('#tg-main');
    await mainButton.waitFor();
    expect(await mainButton.textContent()).toBe('Далее');
    expect(await app.getByRole('button', { name: 'Далее' }).count()).toBe(0);
    await mainButton.click();
    await app.getByLabel('День').waitFor();
    await launcher.locator('#phone').screenshot({ path: path.join(SCREENSHOT_DIR, 'onboarding-launcher-new-user-dark.png') });
    await launcher.context().close();
  });

  it('shows the moderator reason to a user sent back, then the description stage leads into the app', async () => {
    const userId = await newUserId();
    let page = await open(userId);
    await completeOnboarding(page, false);
    await page.getByRole('heading', { name: 'Анкета на модерации' }).waitFor({ timeout: 15_000 });

    await decideStage(e2e.db.orm.em.fork(), userId, 'base', {
      status: 'DISCREPANT',
      reason: 'На первом фото плохо видно лицо — замените его, пожалуйста.',
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Анкету нужно поправить' }).waitFor();
    await page.getByText('Загрузка…', { exact: true }).waitFor({ state: 'detached' });
    await page.getByText('На первом фото плохо видно лицо').waitFor();
    await e2e.screenshot(page, 'onboarding-09-discrepant');
    await page.getByRole('button', { name: 'Исправить анкету' }).click();
    await step(page, 'NAME');
    expect(await page.getByLabel('Имя').inputValue()).toBe('Аня');
    for (let i = 0; i < 5; i++) await next(page);
    await step(page, 'PHOTOS');
    await page.getByText('Загружено 3 из 3').waitFor();
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByRole('heading', { name: 'Анкета на модерации' }).waitFor({ timeout: 15_000 });
    await page.context().close();

    await approveBase(e2e.db.orm.em.fork(), userId);
    page = await open(userId);
    await step(page, 'DESC');
    await page.getByText('Анкета одобрена').waitFor();
    await e2e.screenshot(page, 'onboarding-10-description-empty');
    await page.getByLabel('Описание').fill('Рисую, слушаю инди и ищу людей, с кем можно обсудить книги и сериалы.');
    await e2e.screenshot(page, 'onboarding-10-description');
    await next(page);
    await step(page, 'LOOKING');
    expect(await page.getByRole('checkbox').allTextContents()).toEqual(['Отношения на расстоянии', 'Отношения локальные', 'Общение']);
    await page.getByRole('checkbox', { name: /Общение/ }).click();
    await page.getByRole('checkbox', { name: /на расстоянии/ }).click();
    await e2e.screenshot(page, 'onboarding-11-looking');
    await next(page);
    await step(page, 'EXTRA');
    // Height only: no body weight is asked (AMENDMENTS §5.9).
    expect(await page.getByRole('slider').count()).toBe(1);
    await page.getByRole('slider', { name: 'Рост' }).fill('168');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByRole('alert').filter({ hasText: 'Нужно согласиться с правилами' }).waitFor();
    await e2e.screenshot(page, 'onboarding-12-extra-error');
    await page.getByRole('checkbox').check();
    await e2e.screenshot(page, 'onboarding-12-extra');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByText('Описание отправлено на модерацию').waitFor();
    await page.getByRole('navigation', { name: 'Основная навигация' }).waitFor();
    await e2e.screenshot(page, 'onboarding-13-done');

    const profile = await myProfile(userId);
    expect(profile).toMatchObject({
      bio: 'Рисую, слушаю инди и ищу людей, с кем можно обсудить книги и сериалы.',
      lookingFor: ['COMMUNICATION', 'LONG_DISTANCE'],
    });
    await page.context().close();
  });
});

describe('Content-Security-Policy', () => {
  it('refuses nothing the journeys above used', () => {
    expect(e2e.cspViolations).toEqual([]);
  });
});
