import { useDescriptionStore } from '../stores/description-store';
import styles from './extra-step.module.css';
import { OptionalSlider } from './optional-slider';

/** EXTRA: height and weight (both optional), and consent to the rules. */
export function ExtraStep() {
  const { heightCm, weightKg, consent } = useDescriptionStore((s) => s.values);
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
      <OptionalSlider
        label="Вес"
        unit="кг"
        min={40}
        max={150}
        defaultValue={70}
        value={weightKg}
        onChange={(v) => update({ weightKg: v })}
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
