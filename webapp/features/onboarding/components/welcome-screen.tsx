import { BrandMark } from '../../../components/ui/brand-mark';
import { Button } from '../../../components/ui/button';
import { getAppConfig } from '../../../lib/app-config';
import { pluralRu } from '../../../lib/plural-ru';
import { StageIcon, type StageIconName } from './stage-icon';
import { ModeratorNote } from './stage-note';
import styles from './welcome-screen.module.css';

const POINTS: readonly { icon: StageIconName; title: string; text: string }[] = [
  { icon: 'shield', title: 'Безопасно', text: 'Каждую анкету проверяет модератор' },
  { icon: 'peers', title: 'Среди ровесников', text: 'Знакомства и общение для тех, кому 13–19' },
  { icon: 'lock', title: 'Приватно', text: 'Дата рождения видна только вам' },
];

export interface WelcomeScreenProps {
  again: boolean;
  reason: string | null;
  resuming: boolean;
  /** How many steps the start leads through: six, or only those a moderator flagged. */
  steps?: number;
  onStart: () => void;
}

const stepsNote = (n: number) =>
  n >= 6 ? 'Шесть коротких шагов — пара минут' : `${n} ${pluralRu(n, ['шаг', 'шага', 'шагов'])} с замечаниями — меньше минуты`;

/** The first screen of onboarding, or the moderator's request to fix the profile. */
export function WelcomeScreen({ again, reason, resuming, steps = 6, onStart }: WelcomeScreenProps) {
  const { productName } = getAppConfig();
  return (
    <main className={styles.screen} data-testid="registration-step" data-step="WELCOME">
      <div className={styles.hero}>
        <div className={styles.mark}>
          <BrandMark size={56} />
        </div>
        <h1 className={styles.title}>{again ? 'Анкету нужно поправить' : 'Добро пожаловать!'}</h1>
        <p className={styles.lead}>
          {again
            ? 'Модератор попросил исправить анкету. Проверьте данные и отправьте её ещё раз.'
            : `${productName} — место, где можно найти друзей и знакомых по интересам.`}
        </p>
      </div>
      {again && reason && <ModeratorNote reason={reason} />}
      {!again && (
        <ul className={styles.points}>
          {POINTS.map((point) => (
            <li key={point.title} className={styles.point}>
              <span className={styles.symbol}>
                <StageIcon name={point.icon} />
              </span>
              <span>
                <strong>{point.title}</strong>
                <span className={styles.text}>{point.text}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.footer}>
        <Button wide className={styles.start} onClick={onStart}>
          {again ? 'Исправить анкету' : resuming ? 'Продолжить' : 'Начать'}
        </Button>
        <p className={styles.small}>{stepsNote(steps)}</p>
      </div>
    </main>
  );
}
