import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type Route } from '../../support/fetch-stub';
import { alertText, completeDraft, currentStep, MOSCOW, next, renderOnboarding, storeDraft } from './onboarding-helpers';

const places = (items: unknown[]) => ({ json: { ok: true, items } });
const MINSK = { id: 9, name: 'Минск', country: 'Беларусь', region: 'Минская область', lat: 53.9, lon: 27.56 };

async function openCity(route: Route) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const calls = stubFetch({ 'GET /api/places/search': route });
  storeDraft(completeDraft({ city: '', placeId: null }));
  const user = renderOnboarding({}, { advanceTimers: vi.advanceTimersByTime });
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  expect(currentStep()).toBe('CITY');
  const searches = () => calls.filter((c) => c.url.pathname === '/api/places/search');
  return { user, searches };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('CITY search', () => {
  it('searches from 2 characters, 300 ms after the last keystroke, asking for 12 results', async () => {
    const { user, searches } = await openCity(places([MOSCOW]));
    await user.type(screen.getByLabelText('Город'), 'М');
    await wait(1000);
    expect(searches()).toHaveLength(0);
    expect(screen.getByText('Введите хотя бы 2 буквы')).toBeTruthy();
    await user.type(screen.getByLabelText('Город'), 'ос');
    await wait(250);
    expect(searches()).toHaveLength(0);
    await wait(60);
    expect(searches()).toHaveLength(1);
    expect(Object.fromEntries(searches()[0]!.url.searchParams)).toMatchObject({ q: 'Мос', limit: '12' });
    expect(await screen.findByRole('button', { name: /Москва/ })).toBeTruthy();
  });

  it('shows at most 12 suggestions with region and country', async () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ ...MINSK, id: 100 + i, name: `Минск-${i}` }));
    const { user } = await openCity(places(many));
    await user.type(screen.getByLabelText('Город'), 'Мин');
    await wait(350);
    const list = await screen.findByRole('list', { name: 'Найденные города' });
    expect(list.querySelectorAll('li')).toHaveLength(12);
    expect(list.textContent).toContain('Минская область, Беларусь');
  });

  it('takes the city only when picked from the list, and forgets it when the text changes', async () => {
    const { user } = await openCity(places([MINSK]));
    await user.type(screen.getByLabelText('Город'), 'Мин');
    await wait(350);
    await user.click(await screen.findByRole('button', { name: /Минск/ }));
    expect(screen.getByTestId('chosen-city').textContent).toContain('Минск');
    expect(screen.getByLabelText<HTMLInputElement>('Город').value).toBe('Минск');
    await user.type(screen.getByLabelText('Город'), 'а');
    expect(screen.queryByTestId('chosen-city')).toBeNull();
    await next(user);
    expect(alertText()).toBe('Выберите город из списка');
    await user.clear(screen.getByLabelText('Город'));
    await user.type(screen.getByLabelText('Город'), 'Мин');
    await wait(350);
    await user.click(await screen.findByRole('button', { name: /Минск/ }));
    await next(user);
    expect(currentStep()).toBe('PHOTOS');
  });

  it("says 'Ошибка поиска' when the search fails", async () => {
    const { user } = await openCity({ status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } });
    await user.type(screen.getByLabelText('Город'), 'Мос');
    await wait(350);
    expect(await screen.findByText('Ошибка поиска')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    const { user } = await openCity(places([]));
    await user.type(screen.getByLabelText('Город'), 'Ъъъ');
    await wait(350);
    expect(await screen.findByText(/Ничего не нашлось/)).toBeTruthy();
  });

  it('drops an answer for text that has changed since', async () => {
    let answer: (r: { json: unknown }) => void = () => undefined;
    const { user } = await openCity((req) =>
      req.url.searchParams.get('q') === 'Мо' ? new Promise((resolve) => (answer = resolve)) : places([MINSK]),
    );
    await user.type(screen.getByLabelText('Город'), 'Мо');
    await wait(350);
    await user.clear(screen.getByLabelText('Город'));
    await user.type(screen.getByLabelText('Город'), 'Ми');
    await wait(350);
    await screen.findByRole('button', { name: /Минск/ });
    answer(places([MOSCOW]));
    await wait(50);
    expect(screen.queryByRole('button', { name: /Москва/ })).toBeNull();
  });
});
