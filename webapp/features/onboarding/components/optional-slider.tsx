import styles from './optional-slider.module.css';

export interface OptionalSliderProps {
  label: string;
  unit: string;
  min: number;
  max: number;
  /** Where the slider rests while no value is set. */
  defaultValue: number;
  value: number | null;
  onChange: (value: number | null) => void;
}

/** An optional number: moving the slider sets it, tapping the value clears it (and tapping 'Не указан' sets the default). */
export function OptionalSlider({ label, unit, min, max, defaultValue, value, onChange }: OptionalSliderProps) {
  const set = value !== null;
  return (
    <div className={styles.row} data-set={set}>
      <div className={styles.head}>
        <span className={styles.label}>{label}</span>
        <button
          type="button"
          className={styles.value}
          aria-label={set ? `${label}: ${value} ${unit}, нажмите, чтобы убрать` : `${label}: не указан, нажмите, чтобы указать`}
          onClick={() => onChange(set ? null : defaultValue)}
        >
          {set ? `${value} ${unit}` : 'Не указан'}
          <span className={styles.mark} aria-hidden="true">
            {set ? '×' : '+'}
          </span>
        </button>
      </div>
      <input
        className={styles.range}
        type="range"
        aria-label={label}
        aria-valuetext={set ? `${value} ${unit}` : 'Не указан'}
        min={min}
        max={max}
        step={1}
        value={value ?? defaultValue}
        style={{ ['--fill' as string]: `${(((value ?? defaultValue) - min) / (max - min)) * 100}%` }}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className={styles.scale} aria-hidden="true">
        <span>
          {min} {unit}
        </span>
        <span>
          {max} {unit}
        </span>
      </div>
    </div>
  );
}
