import { showToast } from '../../../components/ui/toast-store';
import { setChatArchived } from '../api/chat-api';
import { chatArchiveChanged } from './chat-list-link';
import { CHAT_TEXT } from './chat-text';

/** The chat moved to or from the archive: the chat list's cache follows (its row leaves), and the user is told. */
export function archiveMoved(chatId: string, archived: boolean): void {
  chatArchiveChanged(chatId, archived);
  showToast({ text: archived ? CHAT_TEXT.archived : CHAT_TEXT.unarchived, tone: 'success', durationMs: 2000 });
}

export const archiveFailed = (): void => void showToast({ text: CHAT_TEXT.archiveFailed, tone: 'error' });

/** Moves the chat to or from the archive (POST /api/chat/archive); says so, or why not. True once it moved. */
export async function toggleArchive(chatId: string, archived: boolean, done: (archived: boolean) => void): Promise<boolean> {
  try {
    const answer = await setChatArchived(chatId, archived);
    done(answer.archived);
    archiveMoved(chatId, answer.archived);
    return true;
  } catch {
    archiveFailed();
    return false;
  }
}
