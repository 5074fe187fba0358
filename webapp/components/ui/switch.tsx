import styles from './switch.module.css';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}

/** An on/off switch: a real checkbox underneath, so it is a checkbox to assistive technology and to tests. */
export function Switch({ checked, onChange, label, disabled = false }: SwitchProps) {
  return (
    <span className={styles.switch}>
      <input
        type="checkbox"
        className={styles.input}
        checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className={styles.track} aria-hidden="true" />
    </span>
  );
}
