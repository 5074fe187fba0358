import overlay from '../../../components/ui/overlay.module.css';
import { useEscapeKey } from '../../../components/ui/use-escape-key';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './message-menu.module.css';
import { useOverlayBackButton } from '../../../lib/telegram/use-overlay-back-button';

export interface SheetAction {
  label: string;
  danger?: boolean;
  run(): void;
}

/** The chat's action sheet (a message's menu, the chat's own menu): each choice closes it first, then runs. */
export function ActionSheet({ label, actions, onClose }: { label: string; actions: SheetAction[]; onClose(): void }) {
  useEscapeKey(true, onClose);
  useOverlayBackButton(true, onClose);
  const settled = (run: () => void) => () => {
    onClose();
    run();
  };
  return (
    <div className={`${overlay.layer} ${styles.backdrop}`} onClick={settled(() => undefined)}>
      <div className={styles.menu} role="menu" aria-label={label} onClick={(e) => e.stopPropagation()}>
        <div className={styles.group}>
          {actions.map((a) => (
            <button key={a.label} type="button" role="menuitem" className={a.danger ? styles.danger : undefined} onClick={settled(a.run)}>
              {a.label}
            </button>
          ))}
        </div>
        <button type="button" role="menuitem" className={styles.cancel} onClick={settled(() => undefined)}>
          {CHAT_TEXT.cancel}
        </button>
      </div>
    </div>
  );
}
