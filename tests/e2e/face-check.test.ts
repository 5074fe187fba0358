import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MODERATOR_ID } from '../../db/demo/demo-people';
import { startE2E, type E2E } from '../support/e2e';
import { onboardedUser } from '../support/e2e-screens';
import { faceSample } from '../support/face-check';
import { makeImage } from '../support/images';

// Issue 43 on a moderator's phone: the real models (nsfwjs and face-api in the screening process), as in production.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);
afterAll(() => e2e?.stop());

describe('the face check on the moderation card', () => {
  it("shows each photo's line beside the stated age and 'Проверьте возраст' for an adult's face stated as 14", async () => {
    await onboardedUser(e2e, { pictures: [await faceSample(1), await makeImage('jpeg'), await faceSample(2)], age: 14 });
    const page = await e2e.openAs(DEMO_MODERATOR_ID, {
      route: '/moderation/profiles?type=INITIAL&status=PENDING',
      width: 390,
      height: 844,
    });
    const check = page.getByRole('region', { name: 'Лицо и возраст' }).filter({ hasText: 'В анкете: 14 лет' });
    await expect.poll(() => check.count(), { timeout: 20_000 }).toBe(1);
    const lines = await check.getByTestId('age-line').allTextContents();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Фото 1: На вид около \d+ (лет|года)$/);
    expect(lines[1]).toBe('Фото 2: Лицо не найдено');
    expect(lines[2]).toMatch(/^Фото 3: На вид около \d+ (лет|года)$/);
    const flag = check.getByTestId('age-flag');
    expect((await flag.allTextContents()).map((t) => t.trim())).toEqual(['⚠️ Проверьте возраст']);
    // Visible on the phone's screen once scrolled to: inside the viewport's width, not hidden.
    await check.scrollIntoViewIfNeeded();
    const box = (await flag.boundingBox())!;
    expect(box.width).toBeGreaterThan(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await e2e.screenshot(page, 'face-check-moderation-card');
    await page.context().close();
  }, 180_000);
});
