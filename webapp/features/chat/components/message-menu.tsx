import type { ChatMessage } from '../../../../api/contracts/chat';
import overlay from '../../../components/ui/overlay.module.css';
import { showToast } from '../../../components/ui/toast-store';
import { useEscapeKey } from '../../../components/ui/use-escape-key';
import { CHAT_TEXT } from '../lib/chat-text';
import type { PendingMessage } from '../lib/conversation-state';
import styles from './message-menu.module.css';

export type MenuTarget = { kind: 'stored'; message: ChatMessage; own: boolean } | { kind: 'pending'; message: PendingMessage };

interface Action {
  label: string;
  danger?: boolean;
  run(): void;
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ text: CHAT_TEXT.copied, tone: 'success', durationMs: 2000 });
  } catch {
    // No clipboard permission in this web view: nothing to copy into.
  }
}

interface MessageMenuProps {
  target: MenuTarget;
  onClose(): void;
  onReport(message: ChatMessage): void;
  onRetry(clientId: string): void;
  onDiscard(clientId: string): void;
}

/** Long press / context menu of a message: copy, report a peer's message, resend or drop a failed own one. */
export function MessageMenu({ target, onClose, onReport, onRetry, onDiscard }: MessageMenuProps) {
  useEscapeKey(true, onClose);
  const { message } = target;
  const actions: Action[] = [];
  if (target.kind === 'pending' && target.message.status === 'failed') {
    const { clientId } = target.message;
    actions.push({ label: CHAT_TEXT.resend, run: () => onRetry(clientId) }, { label: CHAT_TEXT.discard, danger: true, run: () => onDiscard(clientId) });
  }
  if (message.text) {
    const text = message.text;
    actions.push({ label: CHAT_TEXT.copy, run: () => void copyText(text) });
  }
  if (target.kind === 'stored' && !target.own && target.message.senderId) {
    const reported = target.message;
    actions.push({ label: CHAT_TEXT.report, danger: true, run: () => onReport(reported) });
  }
  const settled = (run: () => void) => () => {
    onClose();
    run();
  };
  return (
    <div className={`${overlay.layer} ${styles.backdrop}`} onClick={settled(() => undefined)}>
      <div className={styles.menu} role="menu" aria-label={CHAT_TEXT.messageActions} onClick={(e) => e.stopPropagation()}>
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
