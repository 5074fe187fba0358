import { confirmAction } from '../../../components/ui/confirm-store';
import { showToast } from '../../../components/ui/toast-store';
import { deleteAccount } from '../api/privacy-api';
import { PRIVACY_TEXT, RELOAD_DELAY_MS } from './privacy-text';
import { errorText } from '../../../lib/api/error-text';

/** A full reload: start-up then finds no profile and begins from the welcome screen (an object, so tests can watch it). */
export const appReload = { run: () => window.location.reload() };

/** end-user.md §4 Account deletion: two confirmations, the request, then a reload after 1 s. */
export async function deleteAccountWithConfirmations(): Promise<boolean> {
  const first = await confirmAction({
    title: 'Удалить аккаунт?',
    message: 'Анкета, фото, лайки, переписка, чёрный список и настройки будут удалены.',
    confirmText: 'Удалить',
    destructive: true,
  });
  if (!first) return false;
  const second = await confirmAction({
    title: 'Удалить навсегда?',
    message: 'Восстановить аккаунт будет невозможно.',
    confirmText: 'Удалить навсегда',
    destructive: true,
  });
  if (!second) return false;
  try {
    await deleteAccount();
  } catch (err) {
    showToast({ text: errorText(err, PRIVACY_TEXT.deleteFailed), tone: 'error', durationMs: 4000 });
    return false;
  }
  showToast({ text: PRIVACY_TEXT.deleted, tone: 'success', durationMs: RELOAD_DELAY_MS });
  setTimeout(() => appReload.run(), RELOAD_DELAY_MS);
  return true;
}
