import { useCallback, useEffect, useRef, useState } from 'react';
import type { MyProfile } from '../../../../contracts/profile';
import { fetchMyProfile } from '../api/my-profile-api';

export type MyProfileState = { phase: 'loading' } | { phase: 'error' } | { phase: 'ready'; profile: MyProfile };

/** GET /api/profile/my, reloaded after each saved edit (the pending flags change). */
export function useMyProfile() {
  const [state, setState] = useState<MyProfileState>({ phase: 'loading' });
  const request = useRef<AbortController | null>(null);
  const load = useCallback(() => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    fetchMyProfile(controller.signal).then(
      (profile) => setState({ phase: 'ready', profile }),
      () => !controller.signal.aborted && setState((s) => (s.phase === 'ready' ? s : { phase: 'error' })),
    );
  }, []);
  useEffect(() => {
    load();
    return () => request.current?.abort();
  }, [load]);
  return { state, reload: load };
}
