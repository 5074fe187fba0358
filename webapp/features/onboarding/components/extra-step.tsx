import { useDescriptionStore } from '../stores/description-store';
import styles from './extra-step.module.css';
import { OptionalSlider } from './optional-slider';

/** EXTRA: height (optional; no weight: AMENDMENTS §5.9), and consent to the rules. */
export function ExtraStep() {
  const { heightCm, consent } = useDescriptionStore((s) => s.values);
  const update = useDescriptionStore((s) => s.update);
  const invalid = useDescriptionStore((s) => s.error !== null && !s.values.consent);
  return (
    <>
      <OptionalSlider
        label="Рост"
        unit="см"
        min={130}
        max={220}
        defaultValue={175}
        value={heightCm}
        onChange={(v) => update({ heightCm: v })}
      />
      <label className={styles.consent} data-invalid={invalid}>
        <input type="checkbox" className={styles.box} checked={consent} onChange={(event) => update({ consent: event.target.checked })} />
        <span>
          Я согласен(на) с правилами сообщества: уважаю собеседников, не публикую чужие и откровенные фото, не делюсь чужими личными
          данными.
        </span>
      </label>
    </>
  );
}
