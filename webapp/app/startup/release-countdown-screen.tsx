import { useEffect, useState } from 'react';
import { pluralRu } from '../../lib/plural-ru';
import { countdownParts } from './countdown';
import { NoticeScreen } from '../../components/ui/notice-screen';
import styles from './startup.module.css';

const UNITS = [
  ['days', ['день', 'дня', 'дней']],
  ['hours', ['час', 'часа', 'часов']],
  ['minutes', ['минута', 'минуты', 'минут']],
  ['seconds', ['секунда', 'секунды', 'секунд']],
] as const;

const formatMoment = (ms: number) =>
  new Date(ms).toLocaleString('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The release gate: a live countdown (when the moment is known); at zero the app starts again. */
export function ReleaseCountdownScreen({
  releaseAt,
  onReleased = () => window.location.reload(),
}: {
  releaseAt: string | null;
  onReleased?: () => void;
}) {
  const target = releaseAt ? Date.parse(releaseAt) : Number.NaN;
  const known = Number.isFinite(target);
  const [now, setNow] = useState(() => Date.now());
  const parts = countdownParts(target, now);
  useEffect(() => {
    if (!known) return undefined;
    if (parts.done) {
      onReleased();
      return undefined;
    }
    const timer = setTimeout(() => setNow(Date.now()), 1000 - (Date.now() % 1000));
    return () => clearTimeout(timer);
  }, [now, known, parts.done, onReleased]);

  return (
    <NoticeScreen symbol="🚀" tone="accent" title="Скоро открытие">
      <p>{known ? 'Приложение скоро откроется. До запуска осталось:' : 'Приложение скоро откроется.'}</p>
      {known && (
        <>
          <div className={styles.countdown} data-testid="countdown">
            {UNITS.map(([key, forms]) => (
              <div key={key} className={styles.unit}>
                <span className={styles.value}>{parts[key]}</span>
                <span className={styles.unitLabel}>{pluralRu(parts[key], forms)}</span>
              </div>
            ))}
          </div>
          <p data-tone="hint">Старт: {formatMoment(target)} (МСК)</p>
        </>
      )}
    </NoticeScreen>
  );
}
