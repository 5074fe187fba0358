import type { ChatMessage } from '../../../../contracts/chat';
import { showToast } from '../../../components/ui/toast-store';
import { CHAT_TEXT } from '../lib/chat-text';
import type { PendingMessage } from '../lib/conversation-state';
import { ActionSheet, type SheetAction } from './action-sheet';

export type MenuTarget = { kind: 'stored'; message: ChatMessage; own: boolean } | { kind: 'pending'; message: PendingMessage };

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
  /** Absent where nobody may write (a closed chat). */
  onReply?: (message: ChatMessage) => void;
  onDelete(message: ChatMessage): void;
}

/** Long press / context menu of a message: reply, copy, delete one's own, report a peer's, resend or drop a failed own one. */
export function MessageMenu({ target, onClose, onReport, onRetry, onDiscard, onReply, onDelete }: MessageMenuProps) {
  const { message } = target;
  const actions: SheetAction[] = [];
  const stored = target.kind === 'stored' && !target.message.deleted ? target.message : null;
  if (stored && onReply) actions.push({ label: CHAT_TEXT.reply, run: () => onReply(stored) });
  if (target.kind === 'pending' && target.message.status === 'failed') {
    const { clientId, refusal } = target.message;
    // A refused photo would be refused again: it can only be dropped.
    if (!refusal) actions.push({ label: CHAT_TEXT.resend, run: () => onRetry(clientId) });
    actions.push({ label: CHAT_TEXT.discard, danger: true, run: () => onDiscard(clientId) });
  }
  if (message.text) {
    const text = message.text;
    actions.push({ label: CHAT_TEXT.copy, run: () => void copyText(text) });
  }
  if (stored && target.kind === 'stored' && target.own)
    actions.push({ label: CHAT_TEXT.delete, danger: true, run: () => onDelete(stored) });
  if (target.kind === 'stored' && !target.own && target.message.senderId) {
    const reported = target.message;
    actions.push({ label: CHAT_TEXT.report, danger: true, run: () => onReport(reported) });
  }
  return <ActionSheet label={CHAT_TEXT.messageActions} actions={actions} onClose={onClose} />;
}
