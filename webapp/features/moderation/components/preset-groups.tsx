import { ReasonPresets } from '../../../components/ui/reason-presets';
import styles from './dialogs.module.css';

export interface PresetGroup {
  label: string;
  presets: readonly string[];
  onPick(): void;
}

/** The reason with one more ready sentence, unless it already says it. */
const withSentence = (reason: string, preset: string) =>
  reason.includes(preset) ? reason : reason.trim() ? `${reason.trim().replace(/[.;,]$/, '')}. ${preset}` : preset;

/** Ready reasons by topic (the partial reject's fields): a tap adds the sentence to the reason and calls the group's `onPick`. */
export function PresetGroups({
  groups,
  reason,
  onReason,
}: {
  groups: readonly PresetGroup[];
  reason: string;
  onReason(next: string): void;
}) {
  return groups.map((group) => (
    <section key={group.label} className={styles.presetGroup}>
      <h3 className={styles.label}>{group.label}</h3>
      <ReasonPresets
        label={`Готовые причины: ${group.label}`}
        presets={group.presets}
        reason={reason}
        chosen={(preset) => reason.includes(preset)}
        onPick={(preset) => {
          group.onPick();
          onReason(withSentence(reason, preset));
        }}
      />
    </section>
  ));
}
