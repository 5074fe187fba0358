import { waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { stubFetch } from '../../support/fetch-stub';
import { holdSdk } from '../../support/held-sdk';
import { happyPath } from '../../support/startup';

it('signs in with the early calls while the SDK is on its way, then reports readiness and the expanded window as they happen', async () => {
  const { arrive, client } = holdSdk();
  stubFetch(happyPath());
  const { runStartup } = await import('../../../../webapp/app/startup/run-startup');
  const steps: string[] = [];
  const outcome = await runStartup((step) => steps.push(step));
  expect(outcome).toEqual({ kind: 'ready' });
  expect(steps).toEqual(['init', 'validate', 'done']);
  expect(client.posted.map((p) => p.name)).toEqual([]);
  arrive();
  await waitFor(() => expect(steps).toEqual(['init', 'validate', 'done', 'ready', 'expand']));
  await waitFor(() => expect(client.posted.filter((p) => p.name === 'web_app_expand')).toHaveLength(1));
  expect(client.posted.filter((p) => p.name === 'web_app_ready')).toHaveLength(1);
});
