import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { showToast } from '../../../components/ui/toast-store';
import { useEscapeKey } from '../../../components/ui/use-escape-key';
import { haptics } from '../../../lib/telegram/haptics';
import { AVATAR_TEXT, AVATAR_TYPES, AvatarError, removeUploadedAvatar, uploadAvatar } from '../lib/change-avatar';
import { AVATAR_STATUS, REVERT_LABEL, type FallbackKind } from '../lib/shown-avatar';
import styles from './profile-menu.module.css';
import { useOverlayBackButton } from '../../../lib/telegram/use-overlay-back-button';

async function run(action: () => Promise<void>, success: string): Promise<void> {
  try {
    await action();
    haptics.notify('success');
    showToast({ text: success, tone: 'success' });
  } catch (err) {
    haptics.notify('error');
    const title = err instanceof AvatarError ? err.title : 'Ошибка';
    showToast({ text: title, description: err instanceof AvatarError ? err.detail : undefined, tone: 'error', durationMs: 4000 });
  }
}

interface AvatarMenuProps {
  open: boolean;
  onClose: () => void;
  isCustom: boolean;
  /** What dropping the uploaded avatar falls back to; null: nothing, so it is not offered. */
  revertTo: FallbackKind | null;
  onBusy: (busy: boolean) => void;
}

/** The avatar dropdown (end-user.md §2): back to the profile's (or Telegram's) photo, or upload a new one. */
export function AvatarMenu({ open, onClose, isCustom, revertTo, onBusy }: AvatarMenuProps) {
  const input = useRef<HTMLInputElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  useEscapeKey(open, onClose);
  useOverlayBackButton(open, onClose);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: PointerEvent) => {
      if (!menu.current?.parentElement?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, onClose]);

  const act = async (action: () => Promise<void>, success: string) => {
    onClose();
    setBusy(true);
    onBusy(true);
    await run(action, success);
    setBusy(false);
    onBusy(false);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        hidden
        data-testid="avatar-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void act(() => uploadAvatar(file), 'Аватар обновлён');
        }}
      />
      {open && (
        <div ref={menu} className={styles.dropdown} role="menu" aria-label="Аватар">
          {revertTo && (
            <button
              type="button"
              role="menuitem"
              className={styles.dropdownItem}
              disabled={busy || !isCustom}
              onClick={() => void act(removeUploadedAvatar, AVATAR_STATUS[revertTo])}
            >
              <Icon name="user" size={20} />
              {REVERT_LABEL[revertTo]}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            className={styles.dropdownItem}
            disabled={busy}
            onClick={() => {
              onClose();
              input.current?.click();
            }}
          >
            <Icon name="camera" size={20} />
            {AVATAR_TEXT.upload}
          </button>
        </div>
      )}
    </>
  );
}
