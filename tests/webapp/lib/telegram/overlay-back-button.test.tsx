import { act, render, renderHook, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MatchView } from '../../../../webapp/components/match-view/match-view';
import { ReportDialog } from '../../../../webapp/components/report-dialog/report-dialog';
import { BottomSheet } from '../../../../webapp/components/ui/bottom-sheet';
import { ConfirmDialog } from '../../../../webapp/components/ui/confirm-dialog';
import { MessageMenu } from '../../../../webapp/features/chat/components/message-menu';
import { TextFieldSheet } from '../../../../webapp/features/profile/components/text-field-sheet';
import * as sdk from '../../../../webapp/lib/telegram/telegram-sdk';
import { useTelegramBackButton } from '../../../../webapp/lib/telegram/use-back-button';
import { setLaunchHash } from '../../support/launch';
import { chatMessage } from '../../features/chat/chat-fixtures';

// Telegram's native bridge, as in telegram-sdk.test.tsx: the app posts through TelegramWebviewProxy, events come back.
interface NativeWindow {
  TelegramWebviewProxy?: { postEvent(name: string, json?: string): void };
  Telegram?: { WebView?: { receiveEvent(name: string, data?: unknown): void } };
}
const native = window as unknown as NativeWindow;
let shown: boolean[] = [];
const pressBack = () => act(() => native.Telegram?.WebView?.receiveEvent('back_button_pressed'));
const backVisible = () => shown.at(-1) ?? false;

beforeAll(() => {
  native.TelegramWebviewProxy = {
    postEvent(name, json) {
      if (name === 'web_app_setup_back_button') shown.push((JSON.parse(json ?? '{}') as { is_visible: boolean }).is_visible);
    },
  };
  setLaunchHash({ platform: 'android', theme: { bg_color: '#ffffff', text_color: '#000000', button_color: '#3390ec' } });
  sdk.initTelegram({ demo: false });
});
beforeEach(() => {
  shown = [];
});

const noop = () => undefined;
const match = { chatId: '7', userId: '12', peerName: 'Глеб', peerPhotoUrl: null, myPhotoUrl: null };
const stored = { kind: 'stored' as const, message: chatMessage(), own: false };
const OVERLAYS: Array<[string, (onClose: () => void) => ReactElement]> = [
  ['the match view', (close) => <MatchView match={match} onWrite={noop} onContinue={close} />],
  ['the report sheet', (close) => <ReportDialog open onClose={close} reportedUserId="12" />],
  ['a confirm dialog (block)', (close) => <ConfirmDialog open title="Заблокировать?" onConfirm={noop} onCancel={close} />],
  ['a bottom sheet', (close) => <BottomSheet open title="Лист" onClose={close} children="…" />],
  ['the edit sheet', (close) => <TextFieldSheet field="bio" initial="О себе" onClose={close} onSaved={noop} />],
  [
    'the message menu',
    (close) => <MessageMenu target={stored} onClose={close} onReport={noop} onRetry={noop} onDiscard={noop} onDelete={noop} />,
  ],
];

describe("Telegram's BackButton and pop-ups (issue 40 item 2)", () => {
  it.each(OVERLAYS)('%s takes Back while open: it closes, the route stays, then Back is the route’s again', (_name, overlay) => {
    const routeBack = vi.fn();
    const route = renderHook(() => useTelegramBackButton(true, routeBack));
    const close = vi.fn();
    const view = render(overlay(close));
    pressBack();
    expect(close).toHaveBeenCalledTimes(1);
    expect(routeBack).not.toHaveBeenCalled();
    view.unmount();
    expect(backVisible()).toBe(true);
    pressBack();
    expect(routeBack).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledTimes(1);
    route.unmount();
  });

  it('on a tab (no BackButton of its own) a pop-up shows it while open and hides it when closed', () => {
    const close = vi.fn();
    const view = render(<ConfirmDialog open title="Удалить?" onConfirm={noop} onCancel={close} />);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(backVisible()).toBe(true);
    pressBack();
    expect(close).toHaveBeenCalledTimes(1);
    view.rerender(<ConfirmDialog open={false} title="Удалить?" onConfirm={noop} onCancel={close} />);
    expect(backVisible()).toBe(false);
  });
});
