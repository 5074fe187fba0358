import { useState } from 'react';
import column from '../../../components/ui/column.module.css';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { readThemeMode, setThemeMode, type ThemeMode } from '../../../lib/theme/theme-mode';
import { haptics } from '../../../lib/telegram/haptics';
import styles from './theme-screen.module.css';

const OPTIONS: ReadonlyArray<{ mode: ThemeMode; label: string; preview: string }> = [
  { mode: 'telegram', label: 'Как в Telegram', preview: styles.auto! },
  { mode: 'light', label: 'Светлая', preview: styles.light! },
  { mode: 'dark', label: 'Тёмная', preview: styles.dark! },
];

/** /theme: light, dark or following Telegram; applied at once and remembered on this device. */
export default function ThemeScreen() {
  const [mode, setMode] = useState<ThemeMode>(readThemeMode);
  const choose = (next: ThemeMode) => {
    setMode(next);
    setThemeMode(next);
    haptics.select();
  };
  return (
    <div className={`${column.column} ${styles.screen}`}>
      <ScreenTitle>Оформление</ScreenTitle>
      <p className={styles.intro}>Выберите, как будет выглядеть приложение. Настройка сохранится на этом устройстве.</p>
      <fieldset className={styles.options} aria-label="Тема оформления">
        {OPTIONS.map((o) => (
          <label key={o.mode} className={styles.option}>
            <input type="radio" name="theme-mode" value={o.mode} checked={mode === o.mode} onChange={() => choose(o.mode)} />
            <span className={`${styles.preview} ${o.preview}`} aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {o.label}
            <span className={styles.check} aria-hidden="true" />
          </label>
        ))}
      </fieldset>
    </div>
  );
}
