import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runStartup } from '../../../../webapp/app/startup/run-startup';
import { useSession } from '../../../../webapp/lib/session/session-store';
import { stubFetch } from '../../support/fetch-stub';
import { setLaunchHash } from '../../support/launch';
import { happyPath } from '../../support/startup';
import { completeDraft, currentStep, renderOnboarding, storeDraft } from './onboarding-helpers';

// The bot's inline web-app button carries the region as ?region= (no start_param there); it must reach the city search.
const KRAKOW = { id: 11, name: 'Краков', country: 'Польша', region: null, lat: 50.06, lon: 19.94 };

/** Starts the app as Telegram would open the URL `/${search}`, then types a city on the CITY step. */
async function searchAfterLaunch(search: string, launch: { startParam?: string } = {}) {
  setLaunchHash(launch);
  window.history.replaceState(null, '', `/${search}${window.location.hash}`);
  const calls = stubFetch({ ...happyPath(), 'GET /api/places/search': { json: { ok: true, items: [KRAKOW] } } });
  expect(await runStartup()).toEqual({ kind: 'ready' });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  storeDraft(completeDraft({ city: '', placeId: null }));
  const user = renderOnboarding({}, { advanceTimers: vi.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  expect(currentStep()).toBe('CITY');
  await user.type(screen.getByLabelText('Город'), 'Кра');
  await act(() => vi.advanceTimersByTimeAsync(400));
  const [search1] = calls.filter((c) => c.url.pathname === '/api/places/search');
  return search1 ? Object.fromEntries(search1.url.searchParams) : null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the region of the launch URL', () => {
  it('?region=WORLD asks the city search for world places first', async () => {
    expect(await searchAfterLaunch('?region=WORLD')).toMatchObject({ q: 'Кра', region: 'WORLD' });
    expect(useSession.getState().region).toBe('WORLD');
    expect(await screen.findByRole('button', { name: /Краков/ })).toBeTruthy();
  });

  it("the launch's own start_param wins over the URL", async () => {
    expect(await searchAfterLaunch('?region=WORLD', { startParam: 'RU_BY' })).toMatchObject({ region: 'RU_BY' });
  });

  it('without either, RU_BY; an unknown value is ignored', async () => {
    expect(await searchAfterLaunch('?region=MARS')).toMatchObject({ region: 'RU_BY' });
  });
});
