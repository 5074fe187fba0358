import { useEffect, useState } from 'react';
import type { AvatarInfo } from '../../../../contracts/avatar';
import { fetchAvatar } from '../api/avatar-api';

type Fallbacks = Pick<AvatarInfo, 'profilePhotoUrl' | 'telegramPhotoUrl'>;

/**
 * GET /api/profile/avatar once for the profile tab: the main approved photo and this launch's Telegram photo.
 * Null until it answers; when it fails, the session's Telegram photo is all there is.
 */
export function useAvatarInfo(sessionPhotoUrl: string | null) {
  const [info, setInfo] = useState<Fallbacks | null>(null);
  // Asked once per visit of the tab: the session's photo as it was then.
  const [telegramPhotoUrl] = useState(sessionPhotoUrl);
  useEffect(() => {
    let live = true;
    fetchAvatar().then(
      (answer) => live && setInfo(answer),
      () => live && setInfo({ profilePhotoUrl: null, telegramPhotoUrl }),
    );
    return () => {
      live = false;
    };
  }, [telegramPhotoUrl]);
  return { info, setInfo };
}
