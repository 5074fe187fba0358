import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { ageOn, parseBirthDate } from '../../../../contracts/birth-date';
import { BOX_LENGTH, joinBirthDate, padBox, sanitizeBox, splitPastedDate, type BirthBox } from '../lib/birth-date-boxes';
import { useOnboardingStore } from '../stores/onboarding-store';
import styles from './birth-date-step.module.css';
import { pluralRu } from '../../../lib/plural-ru';

const BOXES: readonly { box: BirthBox; label: string; placeholder: string }[] = [
  { box: 'day', label: 'День', placeholder: 'ДД' },
  { box: 'month', label: 'Месяц', placeholder: 'ММ' },
  { box: 'year', label: 'Год', placeholder: 'ГГГГ' },
];

const ageText = (age: number): string => `Вам ${age} ${pluralRu(age, ['год', 'года', 'лет'])}`;

/** BIRTHDATE: three boxes DD / MM / YYYY; a full box moves on to the next one. */
export function BirthDateStep() {
  const parts = useOnboardingStore((s) => s.values.birthDate);
  const update = useOnboardingStore((s) => s.update);
  const invalid = useOnboardingStore((s) => s.error !== null);
  const refs = useRef<Partial<Record<BirthBox, HTMLInputElement | null>>>({});
  const parsed = parseBirthDate(joinBirthDate(parts));
  const age = typeof parsed === 'object' ? ageOn(parsed) : null;

  // Focus moves inside a change handler, so blur fires before re-render: always read the latest parts from the store.
  const latest = () => useOnboardingStore.getState().values.birthDate;
  const change = (box: BirthBox, index: number, raw: string) => {
    const value = sanitizeBox(box, raw);
    update({ birthDate: { ...latest(), [box]: value } });
    const following = BOXES[index + 1];
    if (value.length === BOX_LENGTH[box] && following) refs.current[following.box]?.focus();
  };
  const keyDown = (box: BirthBox, index: number, event: KeyboardEvent<HTMLInputElement>) => {
    const previous = BOXES[index - 1];
    if (event.key === 'Backspace' && parts[box] === '' && previous) refs.current[previous.box]?.focus();
  };
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const whole = splitPastedDate(event.clipboardData.getData('text'));
    if (!whole) return;
    event.preventDefault();
    update({ birthDate: whole });
    refs.current.year?.focus();
  };
  const blur = (box: BirthBox) => {
    const current = latest();
    if (box !== 'year' && current[box] !== padBox(current[box])) update({ birthDate: { ...current, [box]: padBox(current[box]) } });
  };

  return (
    <>
      <div className={styles.boxes}>
        {BOXES.map(({ box, label, placeholder }, index) => (
          <label key={box} className={styles[box]}>
            <span className={styles.caption}>{label}</span>
            <input
              ref={(el) => {
                refs.current[box] = el;
              }}
              className={styles.box}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={box === 'day' ? 'bday-day' : box === 'month' ? 'bday-month' : 'bday-year'}
              placeholder={placeholder}
              maxLength={BOX_LENGTH[box]}
              value={parts[box]}
              aria-invalid={invalid}
              autoFocus={index === 0 && !parts.day}
              onChange={(event) => change(box, index, event.target.value)}
              onKeyDown={(event) => keyDown(box, index, event)}
              onPaste={paste}
              onBlur={() => blur(box)}
            />
          </label>
        ))}
      </div>
      <p className={styles.age} aria-live="polite">
        {age !== null ? ageText(age) : 'Например, 05 / 09 / 2009'}
      </p>
    </>
  );
}
