import { WRITE_ACCESS_WHY } from '../../../../contracts/write-access';
import { useMainButton } from '../../../lib/telegram/use-main-button';
import styles from './sending-screen.module.css';

const ignore = () => undefined;

/** SUBMITTING: the base profile is on its way; then, while Telegram asks whether the bot may write, why we ask. */
export function SendingScreen({ asking = false }: { asking?: boolean }) {
  // Inside Telegram the MainButton that sent the profile keeps its loader, disabled, until Telegram asks its question.
  useMainButton({ text: 'Отправить', onClick: ignore, progress: true, active: !asking });
  return (
    <main className={styles.screen} data-testid="registration-step" data-step={asking ? 'WRITE_ACCESS' : 'SENDING'} aria-busy="true">
      <span className={styles.ring} aria-hidden="true" />
      <h1 className={styles.title}>{asking ? 'Анкета отправлена' : 'Отправляем анкету…'}</h1>
      <p className={styles.text}>{asking ? WRITE_ACCESS_WHY : 'Это займёт пару секунд'}</p>
    </main>
  );
}
