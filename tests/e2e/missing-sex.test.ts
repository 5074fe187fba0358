import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlOf } from '../../db/kysely';
import { startE2E, type E2E } from '../support/e2e';

// A demo user whose profile is turned into one made before sex was required, with an orientation only girls are offered.
const VIEWER = 100_014;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
  await sqlOf(e2e.db.orm.em.fork())
    .updateTable('profiles')
    .set({ sex: null, gender: 'LESBIAN' })
    .where('user_telegram_id', '=', VIEWER)
    .execute();
});
afterAll(async () => {
  await e2e?.stop();
});

const stored = () =>
  sqlOf(e2e.db.orm.em.fork())
    .selectFrom('profiles')
    .select(['sex', 'gender'])
    .where('user_telegram_id', '=', VIEWER)
    .executeTakeFirstOrThrow();

describe('a profile without a stored sex (AMENDMENTS §5.2)', () => {
  it('is asked for it on one screen before the tabs, with a new orientation when the old one does not fit, once', async () => {
    const page = await e2e.openAs(VIEWER, { route: '/explore' });
    await page.getByRole('heading', { name: 'Ваш пол' }).waitFor();
    expect(await page.getByRole('link', { name: 'Настройки поиска' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Мужской' }).click();
    await page.getByText('Прежняя ориентация не подходит к выбранному полу — выберите её заново').waitFor();
    await page.getByRole('radio', { name: 'Гей' }).click();
    await e2e.screenshot(page, 'missing-sex-01-screen');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('link', { name: 'Настройки поиска' }).waitFor();
    expect(await stored()).toEqual({ sex: 'MALE', gender: 'GAY' });

    await page.reload();
    await page.getByRole('link', { name: 'Настройки поиска' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Ваш пол' }).count()).toBe(0);
    await page.context().close();
  });
});
