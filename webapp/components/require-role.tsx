import type { ReactNode } from 'react';
import { ScreenPlaceholder } from './ui/screen-placeholder';
import { useIsAdmin, useIsModerator } from '../lib/session/session-store';

const WHO_MAY_ENTER = {
  ADMIN: 'Этот раздел доступен только администраторам.',
  MODERATOR: 'Этот раздел доступен только команде модерации.',
} as const;

/** Staff areas: others see 'Доступ запрещён' (the server checks every call again). */
export function RequireRole({ role, children }: { role: 'ADMIN' | 'MODERATOR'; children: ReactNode }) {
  const isAdmin = useIsAdmin();
  const isModerator = useIsModerator();
  const allowed = role === 'ADMIN' ? isAdmin : isModerator;
  if (!allowed) return <ScreenPlaceholder title="Доступ запрещён" icon="lock" hint={WHO_MAY_ENTER[role]} />;
  return <>{children}</>;
}
