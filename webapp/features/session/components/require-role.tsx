import type { ReactNode } from 'react';
import { ScreenPlaceholder } from '../../../components/ui/screen-placeholder';
import { useIsAdmin, useIsModerator } from '../stores/session-store';

/** Staff areas: others see 'Доступ запрещен' (the server checks every call again). */
export function RequireRole({ role, children }: { role: 'ADMIN' | 'MODERATOR'; children: ReactNode }) {
  const isAdmin = useIsAdmin();
  const isModerator = useIsModerator();
  const allowed = role === 'ADMIN' ? isAdmin : isModerator;
  if (!allowed) return <ScreenPlaceholder title="Доступ запрещен" icon="shield" hint="Этот раздел доступен только команде модерации." />;
  return <>{children}</>;
}
