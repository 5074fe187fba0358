import { useEffect, useState } from 'react';
import type { ProfileCard } from '../../../../contracts/profile-card';
import { PROFILE_VIEW_MESSAGES } from '../../../../contracts/profile-view';
import { isApiError } from '../../../lib/api/api-error';
import { fetchPeerProfile, type PeerRef } from '../api/peer-profile-api';
import { errorText as failureText } from '../../../lib/api/error-text';

/** end-user.md §8 Peer profile: a failure that may pass is titled 'Не удалось загрузить профиль', with why below. */
export const PEER_TEXT = {
  couldNotLoad: 'Не удалось загрузить профиль',
  loadFailed: 'Ошибка загрузки профиля',
  notFound: PROFILE_VIEW_MESSAGES.notFound,
} as const;

export type PeerState =
  | { phase: 'loading' }
  | { phase: 'error'; message: string; canRetry: boolean }
  | { phase: 'ready'; card: ProfileCard }
  | { phase: 'blocked' };

/** end-user.md §2 Peer profile: 'Профиль не найден.' on 404, the server's words or 'Ошибка загрузки профиля' otherwise, with a retry. */
function errorText(err: unknown): { message: string; canRetry: boolean } {
  if (isApiError(err) && err.status === 404) return { message: PEER_TEXT.notFound, canRetry: false };
  return { message: failureText(err, PEER_TEXT.loadFailed), canRetry: true };
}

export function usePeerProfile(ref: PeerRef) {
  const [state, setState] = useState<PeerState>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The effect depends on the ref's parts: the caller builds a new `ref` object on every render.
  const { kind } = ref;
  const id = ref.kind === 'user' ? ref.userId : ref.chatId;
  // Another person: loading again at once, adjusted while rendering.
  const [shown, setShown] = useState({ kind, id });
  if (shown.kind !== kind || shown.id !== id) {
    setShown({ kind, id });
    setState({ phase: 'loading' });
  }
  useEffect(() => {
    const controller = new AbortController();
    const target: PeerRef = kind === 'user' ? { kind, userId: id } : { kind, chatId: id };
    fetchPeerProfile(target, controller.signal).then(
      (card) => setState({ phase: 'ready', card }),
      (err: unknown) => !controller.signal.aborted && setState({ phase: 'error', ...errorText(err) }),
    );
    return () => controller.abort();
  }, [kind, id, attempt]);
  const retry = () => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { state, retry, markBlocked: () => setState({ phase: 'blocked' }) };
}
