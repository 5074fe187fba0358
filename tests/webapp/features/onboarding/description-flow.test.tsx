import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { DescriptionFlow } from '../../../../webapp/features/onboarding/components/description-flow';
import { setInitData } from '../../../../webapp/lib/init-data';
import { stubFetch, type Route as Answer } from '../../support/fetch-stub';
import { alertText, currentStep, INIT_DATA, next, storeDraft } from './onboarding-helpers';

const ABOUT = 'Люблю музыку, книги и долгие прогулки по вечерам.';

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderDescription(answer: Answer = { json: { ok: true, status: 'UNDER_REVIEW_DESC' } }, reason: string | null = null) {
  setInitData(INIT_DATA);
  const calls = stubFetch({ 'POST /api/profile/submit-details': answer });
  const onSubmitted = vi.fn();
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/explore']}>
      <Routes>
        <Route path="*" element={<DescriptionFlow reason={reason} onSubmitted={onSubmitted} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return { user, calls, onSubmitted };
}

const slider = (name: string) => screen.getByRole<HTMLInputElement>('slider', { name });

beforeEach(() => {
  useToasts.setState({ toasts: [] });
});

describe('DESC', () => {
  it("needs 24 characters after trimming: 'Описание слишком короткое', with a counter to 1200", async () => {
    const { user } = renderDescription();
    expect(currentStep()).toBe('DESC');
    expect(screen.getByText('Анкета одобрена')).toBeTruthy();
    await next(user);
    expect(alertText()).toBe('Описание слишком короткое');
    await user.type(screen.getByLabelText('Описание'), '   Привет, я Аня!        ');
    expect(screen.getByText('Ещё минимум 10 символов')).toBeTruthy();
    await next(user);
    expect(alertText()).toBe('Описание слишком короткое');
    expect(screen.getByLabelText('Описание').getAttribute('maxLength')).toBe('1200');
    await user.clear(screen.getByLabelText('Описание'));
    await user.type(screen.getByLabelText('Описание'), ABOUT);
    expect(screen.getByTestId('description-counter').textContent).toBe(`${ABOUT.length}/1200`);
    await next(user);
    expect(currentStep()).toBe('LOOKING');
  });
});

describe('LOOKING', () => {
  it("offers exactly the three goals and needs one: 'Выберите хотя бы один вариант'", async () => {
    storeDraft({ description: ABOUT });
    const { user } = renderDescription();
    await next(user);
    const group = screen.getByRole('group', { name: 'Что вы ищете' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.textContent),
    ).toEqual(['Отношения на расстоянии', 'Отношения локальные', 'Общение']);
    await next(user);
    expect(alertText()).toBe('Выберите хотя бы один вариант');
    await user.click(within(group).getByRole('checkbox', { name: /Общение/ }));
    await user.click(within(group).getByRole('checkbox', { name: /локальные/ }));
    await user.click(within(group).getByRole('checkbox', { name: /локальные/ }));
    expect(
      within(group)
        .getByRole('checkbox', { name: /Общение/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      within(group)
        .getByRole('checkbox', { name: /локальные/ })
        .getAttribute('aria-checked'),
    ).toBe('false');
    await next(user);
    expect(currentStep()).toBe('EXTRA');
  });
});

describe('EXTRA', () => {
  beforeEach(() => storeDraft({ description: ABOUT, lookingFor: ['COMMUNICATION'] }));

  it('has one height slider 130–220 (175), optional and cleared by a tap, and no weight (AMENDMENTS §5.9)', async () => {
    const { user } = renderDescription();
    await next(user);
    await next(user);
    expect(currentStep()).toBe('EXTRA');
    expect(screen.getAllByRole('slider').map((s) => s.getAttribute('aria-label'))).toEqual(['Рост']);
    expect([slider('Рост').min, slider('Рост').max, slider('Рост').value]).toEqual(['130', '220', '175']);
    expect(slider('Рост').getAttribute('aria-valuetext')).toBe('Не указан');

    fireEvent.change(slider('Рост'), { target: { value: '168' } });
    expect(screen.getByRole('button', { name: /Рост: 168 см/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Рост: 168 см/ }));
    expect(slider('Рост').getAttribute('aria-valuetext')).toBe('Не указан');
    // Not a word of it, the step's subtitle included.
    expect(document.body.textContent).not.toMatch(/(?<![а-яё])вес(?![а-яё])/i);
  });

  it("needs the consent, which is not pre-ticked (AMENDMENTS §4.3): 'Нужно согласиться с правилами'", async () => {
    const { user, calls } = renderDescription();
    await next(user);
    await next(user);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Я согласен\(на\) с правилами/ }).checked).toBe(false);
    await next(user);
    expect(alertText()).toBe('Нужно согласиться с правилами');
    expect(currentStep()).toBe('EXTRA');
    expect(calls).toHaveLength(0);
  });
});

describe('submitting the description', () => {
  beforeEach(() => storeDraft({ description: ABOUT, lookingFor: ['LONG_DISTANCE', 'COMMUNICATION'], consent: true }));

  it('sends exactly the description payload, shows a success toast and goes to /', async () => {
    const { user, calls, onSubmitted } = renderDescription();
    await next(user);
    await next(user);
    fireEvent.change(slider('Рост'), { target: { value: '181' } });
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('UNDER_REVIEW_DESC'));
    expect(calls[0]?.body).toEqual({
      description: ABOUT,
      consentAccepted: true,
      lookingFor: ['LONG_DISTANCE', 'COMMUNICATION'],
      heightCm: 181,
    });
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ tone: 'success', text: 'Описание отправлено на модерацию' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(localStorage.getItem('onboarding-draft@1')).toBeNull();
  });

  it("returns to the step the server's message is about and keeps the draft", async () => {
    const { user, onSubmitted } = renderDescription({
      status: 400,
      json: { ok: false, error: 'BAD_REQUEST', message: 'Описание слишком короткое' },
    });
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(currentStep()).toBe('DESC'));
    expect(alertText()).toBe('Описание слишком короткое');
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ tone: 'error', text: 'Описание слишком короткое' });
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Описание').value).toBe(ABOUT);
  });

  it("says 'Ошибка отправки' without an answer", async () => {
    const { user } = renderDescription(new TypeError('Failed to fetch'));
    await next(user);
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(alertText()).toBe('Ошибка отправки'));
    expect(currentStep()).toBe('EXTRA');
  });

  it("shows the moderator's reason when an earlier description was sent back", () => {
    renderDescription(undefined, 'Опишите себя подробнее');
    expect(screen.getByRole('complementary', { name: 'Комментарий модератора' }).textContent).toContain('Опишите себя подробнее');
  });
});
