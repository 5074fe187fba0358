import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '../../bot/bot';
import { startFakeTelegram, type FakeTelegram } from '../../bot/dev/fake-telegram';
import { EventBus } from '../../db/events/event-bus';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue';
import { startJobWorker, type JobWorker } from '../../platform/jobs/job-worker';
import { createLogger } from '../../platform/logger';
import { createMetrics } from '../../platform/metrics/metrics';
import { TEST_BOT_TOKEN } from '../support/init-data';
import { parseSamples, total } from '../support/prometheus';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const logger = createLogger('silent');
let db: TestDatabase;
let telegram: FakeTelegram;
beforeAll(async () => {
  [db, telegram] = await Promise.all([createTestDatabase(), startFakeTelegram()]);
});
afterAll(async () => {
  await telegram.close();
  await db.drop();
});

const samples = async (metrics: ReturnType<typeof createMetrics>) => parseSamples(await metrics.registry!.metrics());

describe('the bot process’s metrics', () => {
  it('counts Bot API calls and failures by method, each attempt autoRetry makes included', async () => {
    const metrics = createMetrics();
    const bot = createBot({
      token: TEST_BOT_TOKEN,
      apiRoot: telegram.url,
      publicUrl: 'https://app.example.test',
      productName: 'Орбита',
      orm: db.orm,
      logger,
      bus: new EventBus(logger),
      metrics,
    });
    await bot.api.getMe();
    telegram.failNext('sendMessage', 1, { error_code: 400, description: 'Bad Request: chat not found' });
    await expect(bot.api.sendMessage(42, 'привет')).rejects.toThrow(/chat not found/);
    // A 429 is retried by autoRetry after retry_after: two attempts, the first one failed.
    telegram.failWith({ status: 429, retryAfter: 1 }, { times: 1, methods: ['sendMessage'] });
    await bot.api.sendMessage(42, 'ещё раз');
    const after = await samples(metrics);
    expect(total(after, 'bot_api_calls_total', { method: 'getMe' })).toBe(1);
    expect(total(after, 'bot_api_calls_total', { method: 'sendMessage' })).toBe(3);
    expect(total(after, 'bot_api_errors_total', { method: 'sendMessage', code: '400' })).toBe(1);
    expect(total(after, 'bot_api_errors_total', { method: 'sendMessage', code: '429' })).toBe(1);
    expect(total(after, 'bot_api_errors_total', { method: 'getMe' })).toBe(0);
  });

  it('reads the job queue’s depth on each scrape and counts failed attempts by task', async () => {
    const metrics = createMetrics();
    const queue: JobQueue = await createJobQueue(db.url, logger);
    let worker: JobWorker | null = null;
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      worker = await startJobWorker({
        connectionString: db.url,
        logger,
        metrics,
        pollIntervalMs: 100,
        jobs: [
          { name: 'metrics_test_fails', task: () => Promise.reject(new Error('boom')) },
          { name: 'metrics_test_waits', task: () => held },
        ],
      });
      expect(worker.isRunning()).toBe(true);
      await queue.add('metrics_test_waits', {});
      await queue.add('metrics_test_fails', {}, { maxAttempts: 1 });
      await queue.add('metrics_test_later', {}, { runAt: new Date(Date.now() + 3_600_000) });
      await expect
        .poll(async () => total(await samples(metrics), 'job_failures_total', { task: 'metrics_test_fails', final: 'true' }))
        .toBe(1);
      await expect.poll(async () => total(await samples(metrics), 'job_queue_depth', { state: 'running' })).toBe(1);
      const depth = await samples(metrics);
      expect(total(depth, 'job_queue_depth', { state: 'scheduled' })).toBe(1);
      expect(total(depth, 'job_queue_depth', { state: 'failed' })).toBe(1);
      release();
      await expect.poll(async () => total(await samples(metrics), 'job_queue_depth', { state: 'running' })).toBe(0);
    } finally {
      await worker?.stop();
      await queue.close();
    }
    expect(worker.isRunning()).toBe(false);
  });
});
