import type { ReactNode } from 'react';
import styles from './choice-list.module.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  symbol?: ReactNode;
}

interface ChoiceListProps<T extends string> {
  label: string;
  options: readonly Choice<T>[];
  /** Single choice (radio) with a value, several (checkbox) with an array. */
  selected: T | null | readonly T[];
  onSelect: (value: T) => void;
  columns?: 1 | 2;
}

/** Large tappable cards for a choice; a radio group or a set of checkboxes. */
export function ChoiceList<T extends string>({ label, options, selected, onSelect, columns = 1 }: ChoiceListProps<T>) {
  const multiple = Array.isArray(selected);
  const isOn = (value: T) => (Array.isArray(selected) ? selected.includes(value) : selected === value);
  return (
    <div className={styles.list} data-columns={columns} role={multiple ? 'group' : 'radiogroup'} aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role={multiple ? 'checkbox' : 'radio'}
          aria-checked={isOn(option.value)}
          className={styles.choice}
          onClick={() => onSelect(option.value)}
        >
          {option.symbol && (
            <span className={styles.symbol} aria-hidden="true">
              {option.symbol}
            </span>
          )}
          <span className={styles.label}>{option.label}</span>
          <span className={styles.check} data-multiple={multiple} aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
