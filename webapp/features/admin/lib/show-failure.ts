import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import { errorDetail } from '../../../lib/api/error-text';

/** An error toast: the §8 text as the title, the server's message under it when it said why. */
export function showFailure(title: string, err: unknown): void {
  haptics.notify('error');
  const detail = errorDetail(err);
  showToast({ text: title, description: detail && detail !== title ? detail : undefined, tone: 'error', durationMs: 5000 });
}

export function showDone(text: string): void {
  haptics.notify('success');
  showToast({ text, tone: 'success', durationMs: 2500 });
}
