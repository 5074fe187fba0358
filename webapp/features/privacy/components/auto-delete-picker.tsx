import { useState } from 'react';
import { AUTO_DELETE_PERIODS, type AutoDeletePeriod } from '../../../../contracts/privacy';
import { Icon } from '../../../components/ui/icon';
import { ListRow } from '../../../components/ui/list-section';
import { AUTO_DELETE_LABELS } from '../lib/privacy-text';
import styles from './settings-screen.module.css';

/** The collapsible auto-delete choice: a row with the current short label, opening four radios. */
export function AutoDeletePicker({ value, onChange }: { value: AutoDeletePeriod; onChange: (period: AutoDeletePeriod) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ListRow
        icon="trash"
        label="Автоудаление сообщений"
        hint={`Сообщения старше срока удаляются: ${AUTO_DELETE_LABELS[value].long}`}
        value={AUTO_DELETE_LABELS[value].short}
        onClick={() => setOpen((o) => !o)}
        trailing={<Icon name="chevron" size={18} className={`${styles.expand} ${open ? styles.expanded : ''}`} />}
        testId="auto-delete-toggle"
      />
      {open && (
        <li>
          <div className={styles.radios} role="radiogroup" aria-label="Срок автоудаления сообщений">
            {AUTO_DELETE_PERIODS.map((period) => (
              <label key={period} className={styles.radio}>
                <input
                  type="radio"
                  name="auto-delete"
                  value={period}
                  checked={value === period}
                  onChange={() => onChange(period)}
                  aria-label={AUTO_DELETE_LABELS[period].long}
                />
                <span className={styles.short}>{AUTO_DELETE_LABELS[period].short}</span>
                <span className={styles.long}>{AUTO_DELETE_LABELS[period].long}</span>
              </label>
            ))}
          </div>
        </li>
      )}
    </>
  );
}
