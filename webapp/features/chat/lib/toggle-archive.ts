import { showToast } from '../../../components/ui/toast-store';
import { setChatArchived } from '../api/chat-api';
import { CHAT_TEXT } from './chat-text';

/** Moves the chat to or from the archive (POST /api/chat/archive); says so, or why not. True once it moved. */
export async function toggleArchive(chatId: string, archived: boolean, done: (archived: boolean) => void): Promise<boolean> {
  try {
    const answer = await setChatArchived(chatId, archived);
    done(answer.archived);
    showToast({ text: answer.archived ? CHAT_TEXT.archived : CHAT_TEXT.unarchived, tone: 'success', durationMs: 2000 });
    return true;
  } catch {
    showToast({ text: CHAT_TEXT.archiveFailed, tone: 'error' });
    return false;
  }
}
