import { useEffect, useState } from 'react';
import type { ValidateResponse } from '../../api/contracts/user';

function readInitData(): string | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const fromHash = hash.get('tgWebAppData');
  if (fromHash) {
    sessionStorage.setItem('initData', fromHash);
    return fromHash;
  }
  return sessionStorage.getItem('initData');
}

type State = { kind: 'outside' } | { kind: 'loading' } | { kind: 'ok'; name: string } | { kind: 'error'; message: string };

/** Placeholder shell: validates the launch data with the server (the real shell comes with the mini app frame). */
export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const initData = readInitData();
    if (!initData) return setState({ kind: 'outside' });
    fetch('/api/telegram/validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ initData }) })
      .then(async (res) => {
        const body = (await res.json()) as ValidateResponse | { message?: string };
        if (!res.ok || !('user' in body)) throw new Error(('message' in body && body.message) || `HTTP ${res.status}`);
        setState({ kind: 'ok', name: body.user.first_name ?? `ID ${body.user.id}` });
      })
      .catch((err: unknown) => setState({ kind: 'error', message: err instanceof Error ? err.message : 'Неизвестная ошибка' }));
    return undefined;
  }, []);

  if (state.kind === 'outside') return <p>Запуск вне Telegram</p>;
  if (state.kind === 'loading') return <p>Загрузка…</p>;
  if (state.kind === 'error') return <p role="alert">{state.message}</p>;
  return <p data-testid="validated-user">Привет, {state.name}!</p>;
}
