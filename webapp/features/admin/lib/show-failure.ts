import { showToast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api/api-error';
import { haptics } from '../../../lib/telegram/haptics';

/** The server's own words for a refused call (the api client raises the body's message); none for network failures. */
export function serverMessage(err: unknown): string | undefined {
  return isApiError(err) && err.status >= 400 && err.message ? err.message : undefined;
}

/** An error toast: the §8 text as the title, the server's message under it when it said why. */
export function showFailure(title: string, err: unknown): void {
  haptics.notify('error');
  const detail = serverMessage(err);
  showToast({ text: title, description: detail && detail !== title ? detail : undefined, tone: 'error', durationMs: 5000 });
}

export function showDone(text: string): void {
  haptics.notify('success');
  showToast({ text, tone: 'success', durationMs: 2500 });
}
