import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { ReportDialog } from '../../../../webapp/components/report-dialog/report-dialog';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { signIn } from '../../support/session';
import { renderScreen, toastTexts } from '../../features/profile/render-screen';

function Harness({ messageId }: { messageId?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <output data-testid="open">{String(open)}</output>
      <ReportDialog open={open} onClose={() => setOpen(false)} reportedUserId="77" messageId={messageId} />
    </>
  );
}

const reports = (calls: StubRequest[]) =>
  calls
    .filter((c) => c.url.pathname === '/api/profile/report')
    .map((c) => Object.fromEntries(Object.entries(c.body ?? {}).filter(([k]) => k !== 'initData')));
const send = () => screen.getByRole('button', { name: /Отправ/ }) as HTMLButtonElement;

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  signIn();
});

describe('the report dialog', () => {
  it('offers the eight reasons and keeps Send disabled until one is chosen', async () => {
    stubFetch({});
    const user = renderScreen(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Пожаловаться' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual([
      'Флуд и спам',
      'Оскорбления и травля',
      'Неприемлемый контент',
      'Фейковая анкета',
      'Возраст не соответствует',
      'Насилие или угрозы',
      'Нарушение авторских прав',
      'Другое',
    ]);
    expect(send().disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Фейковая анкета' }));
    expect(send().disabled).toBe(false);
  });

  it("sends the reason and the trimmed description, says 'Жалоба отправлена' and closes", async () => {
    let release: () => void = () => undefined;
    const calls = stubFetch({
      'POST /api/profile/report': () =>
        new Promise((resolve) => (release = () => resolve({ json: { ok: true, message: 'Жалоба отправлена' } }))),
    });
    const user = renderScreen(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Оскорбления и травля' }));
    await user.type(screen.getByRole('textbox'), '  пишет гадости  ');
    await user.click(send());
    // Disabled while sending: a second tap sends nothing.
    await waitFor(() => expect(send().disabled).toBe(true));
    await user.click(send());
    release();
    await waitFor(() => expect(toastTexts()).toContain('Жалоба отправлена'));
    // Harassment ticks 'Также заблокировать' by default.
    expect(reports(calls)).toEqual([{ reportedUserId: '77', reason: 'HARASSMENT', description: 'пишет гадости', alsoBlock: true }]);
    await waitFor(() => expect(screen.getByTestId('open').textContent).toBe('false'));
  });

  it("offers 'Также заблокировать', ticked for harassment, underage, violence and inappropriate content (issue 40 item 5)", async () => {
    stubFetch({});
    const user = renderScreen(<Harness />);
    const box = () => screen.getByRole('checkbox', { name: 'Также заблокировать' }) as HTMLInputElement;
    expect(box().checked).toBe(false);
    const ticked: Record<string, boolean> = {};
    for (const radio of screen.getAllByRole('radio')) {
      await user.click(radio);
      ticked[(radio as HTMLInputElement).value] = box().checked;
    }
    expect(ticked).toEqual({
      SPAM: false,
      HARASSMENT: true,
      INAPPROPRIATE_CONTENT: true,
      FAKE_PROFILE: false,
      UNDERAGE: true,
      VIOLENCE: true,
      COPYRIGHT_VIOLATION: false,
      OTHER: false,
    });
  });

  it('sends alsoBlock when ticked, says the person is blocked and tells the caller', async () => {
    const calls = stubFetch({ 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена', blocked: true } } });
    const outcomes: unknown[] = [];
    const user = renderScreen(<ReportDialog open onClose={() => undefined} reportedUserId="77" onReported={(o) => outcomes.push(o)} />);
    await user.click(screen.getByRole('radio', { name: 'Фейковая анкета' }));
    await user.click(screen.getByRole('checkbox', { name: 'Также заблокировать' }));
    await user.click(send());
    await waitFor(() => expect(outcomes).toEqual([{ blocked: true }]));
    expect(reports(calls)).toEqual([{ reportedUserId: '77', reason: 'FAKE_PROFILE', alsoBlock: true }]);
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ text: 'Жалоба отправлена', description: 'Пользователь заблокирован' });
  });

  it('keeps the choice the user made when the reason changes, and sends no block when unticked', async () => {
    const calls = stubFetch({ 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена', blocked: false } } });
    const user = renderScreen(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Насилие или угрозы' }));
    await user.click(screen.getByRole('checkbox', { name: 'Также заблокировать' }));
    await user.click(screen.getByRole('radio', { name: 'Оскорбления и травля' }));
    expect((screen.getByRole('checkbox', { name: 'Также заблокировать' }) as HTMLInputElement).checked).toBe(false);
    await user.click(send());
    await waitFor(() => expect(reports(calls)).toEqual([{ reportedUserId: '77', reason: 'HARASSMENT' }]));
  });

  it('caps the description at 500 characters with a counter', async () => {
    stubFetch({});
    const user = renderScreen(<Harness />);
    const box = screen.getByRole('textbox');
    await user.click(box);
    await user.paste('я'.repeat(510));
    expect((box as HTMLTextAreaElement).value).toHaveLength(500);
    expect(screen.getByText('500/500')).toBeTruthy();
  });

  it('carries the message id for a message report', async () => {
    const calls = stubFetch({ 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена' } } });
    const user = renderScreen(<Harness messageId="901" />);
    expect(screen.getByRole('dialog', { name: 'Пожаловаться на сообщение' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Флуд и спам' }));
    await user.click(send());
    await waitFor(() => expect(reports(calls)).toEqual([{ reportedUserId: '77', reason: 'SPAM', messageId: '901' }]));
  });

  it("says 'Ошибка отправки жалобы' with the server's reason and stays open", async () => {
    stubFetch({
      'POST /api/profile/report': {
        status: 409,
        json: { ok: false, error: 'CONFLICT', message: 'Вы уже отправили жалобу на этого пользователя, она рассматривается' },
      },
    });
    const user = renderScreen(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Другое' }));
    await user.click(send());
    await waitFor(() => expect(toastTexts()).toContain('Ошибка отправки жалобы'));
    expect(useToasts.getState().toasts.at(-1)?.description).toBe('Вы уже отправили жалобу на этого пользователя, она рассматривается');
    expect(screen.getByTestId('open').textContent).toBe('true');
    expect(send().disabled).toBe(false);
  });
});
