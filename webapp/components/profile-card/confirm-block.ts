import { haptics } from '../../lib/telegram/haptics';
import { confirmAction } from '../ui/confirm-store';
import { showToast } from '../ui/toast-store';
import { blockUser } from './block-user';
import { errorDetail } from '../../lib/api/error-text';

/** Asks first (the peer profile's confirmation), then blocks; true once the user is on the blacklist. */
export async function confirmBlock(userId: string): Promise<boolean> {
  const ok = await confirmAction({
    title: 'Заблокировать пользователя?',
    message: 'Вы перестанете видеть друг друга, а переписка станет недоступна. Разблокировать можно в чёрном списке.',
    confirmText: 'Заблокировать',
    destructive: true,
  });
  if (!ok) return false;
  try {
    await blockUser(userId);
    haptics.notify('success');
    showToast({ text: 'Пользователь заблокирован', tone: 'success' });
    return true;
  } catch (err) {
    showToast({ text: 'Не удалось заблокировать', description: errorDetail(err), tone: 'error' });
    return false;
  }
}
