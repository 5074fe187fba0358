import styles from './reason-presets.module.css';

interface ReasonPresetsProps {
  presets: readonly string[];
  /** The reason typed so far: the preset it equals shows as chosen. */
  reason: string;
  onPick: (preset: string) => void;
  /** The group's name for assistive technology ('Готовые причины: Фото'). */
  label?: string;
  /** Whether a preset shows as chosen; by default when the reason equals it. */
  chosen?: (preset: string) => boolean;
}

/** Ready reasons (the bot's presets) above a reason field: one tap fills it; free text stays possible. */
export function ReasonPresets({
  presets,
  reason,
  onPick,
  label = 'Готовые причины',
  chosen = (p) => reason.trim() === p,
}: ReasonPresetsProps) {
  if (presets.length === 0) return null;
  return (
    <div className={styles.presets} role="group" aria-label={label}>
      {presets.map((preset) => (
        <button key={preset} type="button" className={styles.preset} aria-pressed={chosen(preset)} onClick={() => onPick(preset)}>
          {preset}
        </button>
      ))}
    </div>
  );
}
