import { act } from '@testing-library/react';
import * as sdk from '../../../webapp/lib/telegram/telegram-sdk';
import { setLaunchHash } from './launch';

// Telegram's native clients: the app posts through window.TelegramWebviewProxy, events come back through receiveEvent.
interface NativeWindow {
  TelegramWebviewProxy?: { postEvent(name: string, json?: string): void };
  Telegram?: { WebView?: { receiveEvent(name: string, data?: unknown): void } };
}
const native = window as unknown as NativeWindow;

interface Posted {
  name: string;
  data: Record<string, unknown> | undefined;
}

export interface FakeTelegramClient {
  posted: Posted[];
  /** An event from the client, as Telegram sends it (main_button_pressed, popup_closed, …). */
  send(name: string, data?: unknown): void;
  /** The latest payload the app posted under `name`. */
  last(name: string): Record<string, unknown> | undefined;
  /** What the client answers to a request, e.g. write access: 'allowed' or 'cancelled'. */
  answers: Record<string, () => void>;
}

/** A fake Telegram client (Android, Mini Apps 8.0) in the page, not yet connected: the SDK may still be on its way. */
export function installTelegramClient(): FakeTelegramClient {
  const client: FakeTelegramClient = {
    posted: [],
    send: (name, data) => act(() => native.Telegram?.WebView?.receiveEvent(name, data)),
    last: (name) => client.posted.filter((p) => p.name === name).at(-1)?.data,
    answers: {},
  };
  native.TelegramWebviewProxy = {
    postEvent(name, json) {
      client.posted.push({ name, data: json ? (JSON.parse(json) as Record<string, unknown>) : undefined });
      // Native clients answer on a later turn of the page's event loop.
      setTimeout(() => client.answers[name]?.(), 0);
    },
  };
  setLaunchHash({ platform: 'android', theme: { bg_color: '#ffffff', text_color: '#000000', button_color: '#3390ec' } });
  return client;
}

/** Connects the SDK to a fake Telegram client (Android, Mini Apps 8.0); call once per test file, before rendering. */
export function connectTelegramClient(): FakeTelegramClient {
  const client = installTelegramClient();
  sdk.initTelegram({ demo: false });
  return client;
}
