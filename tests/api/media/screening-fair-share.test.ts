import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningScores } from '../../../contracts/screening';
import { Image } from '../../../db/media/image.entity';
import type { ImageClassifier } from '../../../platform/screening/classifier';
import { SCREENING_PER_OWNER } from '../../../db/media/screening/screening';
import { makeImage, upload } from '../../support/images';
import { signInitData, testLaunchUser } from '../../support/init-data';
import { CLEAN_SCORES } from '../../support/screening-double';
import { createTestApp, type TestApp } from '../../support/test-app';

/** A classifier that holds every classification until let go, and tells when one arrives. */
class HeldClassifier implements ImageClassifier {
  private readonly held: Array<(scores: ScreeningScores) => void> = [];
  private arrived: Array<{ count: number; resolve: () => void }> = [];

  classify(): Promise<ScreeningScores> {
    return new Promise((resolve) => {
      this.held.push(resolve);
      this.arrived = this.arrived.filter((w) => (w.count <= this.held.length ? (w.resolve(), false) : true));
    });
  }

  /** Resolves once `count` classifications are being held. */
  holding(count: number): Promise<void> {
    if (this.held.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.arrived.push({ count, resolve }));
  }

  letGo(): void {
    for (const resolve of this.held.splice(0)) resolve(CLEAN_SCORES);
  }

  async close(): Promise<void> {
    this.letGo();
  }
}

const classifier = new HeldClassifier();
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ classifier });
});
afterAll(() => app.close());

describe('each person has a fair share of the screening queue', () => {
  it(`refuses a person's upload past ${SCREENING_PER_OWNER} of theirs in screening with 429, while another person's goes through`, async () => {
    const [busy, other] = [testLaunchUser(), testLaunchUser()];
    const photo = await makeImage();
    const first = Array.from({ length: SCREENING_PER_OWNER }, () =>
      upload(app, signInitData(busy), photo, { variant: 'media' }).then((r) => r),
    );
    await classifier.holding(SCREENING_PER_OWNER);

    const refused = await upload(app, signInitData(busy), photo, { variant: 'media' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      ok: false,
      error: 'RATE_LIMITED',
      message: 'Слишком много фото на проверке. Дождитесь, пока проверятся предыдущие',
      retryAfter: 5,
    });
    expect(refused.headers['retry-after']).toBe('5');

    const theirs = upload(app, signInitData(other), photo, { variant: 'media' }).then((r) => r);
    await classifier.holding(SCREENING_PER_OWNER + 1);
    classifier.letGo();
    expect((await theirs).status).toBe(200);
    for (const res of await Promise.all(first)) expect(res.status).toBe(200);
    expect(await app.db.orm.em.fork().count(Image, { owner: busy.id })).toBe(SCREENING_PER_OWNER);

    // Their places are free again once screened.
    const later = upload(app, signInitData(busy), photo, { variant: 'media' }).then((r) => r);
    await classifier.holding(1);
    classifier.letGo();
    expect((await later).status).toBe(200);
  });
});
