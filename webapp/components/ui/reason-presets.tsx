import styles from './reason-presets.module.css';

interface ReasonPresetsProps {
  presets: readonly string[];
  /** The reason typed so far: the preset it equals shows as chosen. */
  reason: string;
  onPick: (preset: string) => void;
}

/** Ready reasons (the bot's presets) above a reason field: one tap fills it; free text stays possible. */
export function ReasonPresets({ presets, reason, onPick }: ReasonPresetsProps) {
  if (presets.length === 0) return null;
  return (
    <div className={styles.presets} role="group" aria-label="Готовые причины">
      {presets.map((preset) => (
        <button key={preset} type="button" className={styles.preset} aria-pressed={reason.trim() === preset} onClick={() => onPick(preset)}>
          {preset}
        </button>
      ))}
    </div>
  );
}
