import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { AppRoutes } from '../../../webapp/app/app-routes';
// Loaded up front so that the lazy routes resolve within a few fake-timer ticks.
import '../../../webapp/features/explore/components/explore-screen';
import '../../../webapp/app/likes-history-route';
import '../../../webapp/features/likes/components/likes-screen';
import { ConfirmHost } from '../../../webapp/components/ui/confirm-host';
import { useToasts } from '../../../webapp/components/ui/toast-store';
import { Toaster } from '../../../webapp/components/ui/toaster';
import { FakeSocket } from './fake-socket';

export interface SentMessage {
  ch: string;
  t: string;
  cid?: string;
  data: unknown;
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location">{pathname}</output>;
}

/** Fake WebSockets in place of the real ones, and no toasts left from an earlier test. */
export function installFakeSockets(): void {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  useToasts.setState({ toasts: [] });
}

/** The app's routes inside the frame at a phone width, with the toasts and dialogs the real app shows above them. */
export async function renderScreen(path: string) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 390 });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <Toaster />
      <ConfirmHost />
      <LocationProbe />
    </MemoryRouter>,
  );
  for (let tick = 0; tick < 5; tick++) await flush();
  return view;
}

/** Lets lazy screens, promises and effects settle (fake timers move by `ms`). */
export async function flush(ms = 0): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

export const currentPath = () => screen.getByTestId('location').textContent;

/** The /ws/likes socket (explore and likes share it). */
export function likesSocket(): FakeSocket {
  const socket = FakeSocket.all.filter((s) => new URL(s.url).pathname === '/ws/likes').at(-1);
  if (!socket) throw new Error('no /ws/likes socket');
  return socket;
}

export const sent = (socket: FakeSocket, ch?: string): SentMessage[] =>
  socket.sent.map((text) => JSON.parse(text) as SentMessage).filter((m) => ch === undefined || m.ch === ch);

export const lastSent = (socket: FakeSocket, t: string): SentMessage => {
  const message = sent(socket)
    .filter((m) => m.t === t)
    .at(-1);
  if (!message) throw new Error(`nothing sent with t=${t}`);
  return message;
};

/** Delivers a server message inside act(). */
export async function receive(socket: FakeSocket, message: { ch: string; t: string; cid?: string; data?: unknown }): Promise<void> {
  await act(async () => socket.receive(message));
}

export async function openSocket(socket: FakeSocket): Promise<void> {
  await act(async () => socket.open());
}
