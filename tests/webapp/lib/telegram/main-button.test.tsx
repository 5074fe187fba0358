import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportDialog } from '../../../../webapp/components/report-dialog/report-dialog';
import { TextFieldSheet } from '../../../../webapp/features/profile/components/text-field-sheet';
import { ReasonDialog } from '../../../../webapp/features/moderation/components/reason-dialog';
import { stubFetch } from '../../support/fetch-stub';
import { signIn } from '../../support/session';
import { connectTelegramClient, type FakeTelegramClient } from '../../support/telegram-client';
import { completeDraft, currentStep, renderOnboarding, storeDraft } from '../../features/onboarding/onboarding-helpers';

// The end of onboarding reloads the page once the profile is in; jsdom cannot.
vi.mock('../../../../webapp/features/onboarding/lib/reload-page', () => ({ reloadPage: vi.fn() }));

let client: FakeTelegramClient;
const MAIN = 'web_app_setup_main_button';
const pressMain = () => client.send('main_button_pressed');

beforeAll(() => {
  client = connectTelegramClient();
});
beforeEach(() => {
  client.posted = [];
  signIn();
});

describe("Telegram's MainButton carries a form's primary action (issue 40 item MainButton)", () => {
  it("onboarding: 'Далее' is the MainButton (no in-page duplicate); a press goes to the next step", async () => {
    const user = renderOnboarding({ firstName: null });
    await user.click(screen.getByRole('button', { name: 'Начать' }));
    expect(client.last(MAIN)).toMatchObject({ is_visible: true, is_active: true, text: 'Далее' });
    expect(screen.queryByRole('button', { name: 'Далее' })).toBeNull();
    // 'Назад' is Telegram's BackButton, not a page button.
    expect(screen.queryByRole('button', { name: 'Назад' })).toBeNull();
    expect(client.last('web_app_setup_back_button')).toEqual({ is_visible: true });
    await user.type(screen.getByLabelText('Имя'), 'Аня');
    pressMain();
    await waitFor(() => expect(currentStep()).toBe('BIRTHDATE'));
  });

  it("onboarding: the last step's 'Отправить' is the MainButton, with its loader while the profile is sent", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = stubFetch({
      'POST /api/profile/submit-base': () =>
        new Promise((resolve) => (answer = resolve)).then(() => ({ json: { ok: true, status: 'UNDER_REVIEW_BASE' } })),
    });
    const sent = () => calls.filter((c) => c.url.pathname === '/api/profile/submit-base');
    storeDraft(completeDraft());
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(currentStep()).toBe('PHOTOS');
    expect(client.last(MAIN)).toMatchObject({ is_visible: true, is_active: true, text: 'Отправить', is_progress_visible: false });
    expect(screen.queryByRole('button', { name: 'Отправить' })).toBeNull();
    pressMain();
    await waitFor(() => expect(client.last(MAIN)).toMatchObject({ is_progress_visible: true, is_active: false }));
    pressMain();
    answer(null);
    // Sent once; then Telegram's own question about messages takes the screen, and the button goes.
    await waitFor(() => expect(client.posted.map((p) => p.name)).toContain('web_app_request_write_access'));
    expect(client.last(MAIN)).toMatchObject({ is_visible: false });
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.body).toMatchObject({ displayName: 'Аня', city: 'Москва' });
  });

  it("profile edit: 'Сохранить' shows a loader while saving and goes away with the sheet", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const calls = stubFetch({
      'PATCH /api/profile/my': () =>
        new Promise((resolve) => (answer = resolve)).then(() => ({
          json: { ok: true, editQueued: true, photosQueued: false, message: 'ok' },
        })),
    });
    const onSaved = vi.fn();
    const view = render(<TextFieldSheet field="displayName" initial="Аня" onClose={vi.fn()} onSaved={onSaved} />);
    expect(client.last(MAIN)).toMatchObject({ is_visible: true, text: 'Сохранить', is_progress_visible: false });
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    await userEvent.clear(screen.getByRole('textbox', { name: 'Имя' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Имя' }), 'Анна');
    pressMain();
    await waitFor(() => expect(client.last(MAIN)).toMatchObject({ is_progress_visible: true, is_active: false }));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    pressMain();
    answer(null);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    view.rerender(<TextFieldSheet field={null} initial="Анна" onClose={vi.fn()} onSaved={onSaved} />);
    await waitFor(() => expect(client.last(MAIN)).toMatchObject({ is_visible: false }));
  });

  it("the report: 'Отправить жалобу' stays disabled until a reason is chosen, then sends", async () => {
    const calls = stubFetch({ 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена' } } });
    render(<ReportDialog open onClose={vi.fn()} reportedUserId="12" />);
    expect(client.last(MAIN)).toMatchObject({ is_visible: true, is_active: false, text: 'Отправить жалобу' });
    pressMain();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: 'Флуд и спам' }));
    expect(client.last(MAIN)).toMatchObject({ is_active: true });
    pressMain();
    await waitFor(() => expect(calls.map((c) => c.body?.reason)).toEqual(['SPAM']));
  });

  it("the moderator's decision: the reason dialog's confirm is the MainButton", async () => {
    const onConfirm = vi.fn();
    render(
      <ReasonDialog
        open
        title="Отклонить"
        confirmText="Отклонить"
        placeholder="Причина"
        min={20}
        max={500}
        presets={['Фото не соответствуют правилам сервиса']}
        onCancel={vi.fn()}
        onConfirm={onConfirm}
      />,
    );
    expect(client.last(MAIN)).toMatchObject({ text: 'Отклонить', is_active: false });
    await userEvent.click(screen.getByRole('button', { name: 'Фото не соответствуют правилам сервиса' }));
    pressMain();
    expect(onConfirm).toHaveBeenCalledWith('Фото не соответствуют правилам сервиса');
  });
});
