import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREPANT_PRESETS } from '../../contracts/discrepancy';
import { DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { ModerationItem } from '../../db/moderation/moderation-item.entity';
import { startE2E, type E2E } from '../support/e2e';
import { onboardedUser, settled } from '../support/e2e-screens';

// Issue 40, "Moderators on a phone": a partial reject in a tap or two, the user reads it in words and fixes only that.
const PHONE = { width: 390, height: 844 };
const PRESET = DISCREPANT_PRESETS.photos[0]!;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.stop();
});

describe('a moderator on a phone', () => {
  it("sends a profile back with a one-tap 'Несоответствие' preset; the user reads the field as a word and fixes only that step", async () => {
    const userId = await onboardedUser(e2e);
    const item = await e2e.db.orm.em.fork().findOneOrFail(ModerationItem, { userId, type: 'INITIAL', status: 'PENDING' });

    const moderator = await e2e.openAs(DEMO_MODERATOR_ID, { route: '/moderation/profiles?type=INITIAL&status=PENDING', ...PHONE });
    await moderator.emulateMedia({ reducedMotion: 'reduce' });
    const card = moderator.locator(`[data-item-id="${item.id}"]`);
    await card.getByRole('button', { name: 'Несоответствие' }).click();
    const dialog = moderator.getByRole('dialog', { name: 'Несоответствие' });
    await dialog.getByRole('group', { name: 'Готовые причины: Фото' }).getByRole('button', { name: PRESET }).click();
    // One tap ticks the field and makes a valid reason: nothing was typed.
    expect(await dialog.getByLabel('Фото', { exact: true }).isChecked()).toBe(true);
    const send = dialog.getByRole('button', { name: 'Отправить' });
    expect(await send.isEnabled()).toBe(true);
    await settled(moderator);
    await e2e.screenshot(moderator, 'moderation-phone-discrepant-presets');
    await send.click();
    await card.waitFor({ state: 'detached' });
    await moderator.context().close();

    const user = await e2e.openAs(userId, { route: '/', ...PHONE });
    await user.getByRole('heading', { name: 'Анкету нужно поправить' }).waitFor({ timeout: 15_000 });
    const note = user.getByRole('complementary', { name: 'Комментарий модератора' });
    expect(await note.textContent()).toContain(`Фото: ${PRESET}`);
    expect(await note.textContent()).not.toContain('[');
    await settled(user);
    await e2e.screenshot(user, 'moderation-phone-user-fields-as-words');
    await user.getByRole('button', { name: 'Исправить анкету' }).click();
    await user.locator('[data-testid="registration-step"][data-step="PHOTOS"]').waitFor();
    await user.getByText('Шаг 1 из 1').waitFor();
    await user.getByText('Загружено 3 из 3').waitFor();
    await user.getByRole('button', { name: 'Отправить' }).click();
    await user.getByRole('heading', { name: 'Анкета на модерации' }).waitFor({ timeout: 15_000 });
    const resent = await e2e.db.orm.em.fork().findOneOrFail(ModerationItem, { userId, type: 'INITIAL', status: 'PENDING' });
    expect(resent.id).not.toBe(item.id);
    await user.context().close();
  });
});
