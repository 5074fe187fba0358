import { showToast } from '../../../components/ui/toast-store';
import styles from './review.module.css';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** '@username' (or the name): a click copies it, to find the person in Telegram. */
export function UserLabel({ label, telegramId }: { label: string; telegramId: number }) {
  const onClick = async () => {
    const ok = await copy(label.startsWith('@') ? label : String(telegramId));
    showToast({ text: ok ? 'Скопировано' : 'Не удалось скопировать', tone: ok ? 'success' : 'error', durationMs: 2000 });
  };
  return (
    <button type="button" className={styles.userLabel} onClick={() => void onClick()} title="Скопировать">
      {label} <span className={styles.userId}>#{telegramId}</span>
    </button>
  );
}
