import { useState } from 'react';
import { fitsSex, orientationsForSex } from '../../../../contracts/orientation-options';
import { PROFILE_MESSAGES, type Orientation, type Sex } from '../../../../contracts/profile-fields';
import { ORIENTATION_LABELS } from '../../../components/profile-card/profile-labels';
import { haptics } from '../../../lib/telegram/haptics';
import { refusedField, submissionErrorMessage } from '../api/submission-error';
import { setSex } from '../api/set-sex';
import { ORIENTATION_CLEARED } from '../lib/orientation';
import { ChoiceList } from './choice-list';
import styles from './fields.module.css';
import { SexChoice } from './sex-choice';
import { StepFrame } from './step-frame';

export interface MissingSexScreenProps {
  /** The orientation stored with the profile; asked for again only when the chosen sex does not allow it. */
  storedGender: Orientation | null;
  onStored: () => void;
}

/** AMENDMENTS §5.2: a profile made before sex was required gives it once, on one screen, before the tabs. */
export function MissingSexScreen({ storedGender, onStored }: MissingSexScreenProps) {
  const [sex, setSexChoice] = useState<Sex | null>(null);
  const [gender, setGender] = useState<Orientation | null>(null);
  const [askGender, setAskGender] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsGender = askGender || (sex !== null && storedGender !== null && !fitsSex(storedGender, sex));

  const chooseSex = (value: Sex) => {
    haptics.select();
    setSexChoice(value);
    if (gender && !fitsSex(gender, value)) setGender(null);
    setError(null);
  };
  const chooseGender = (value: Orientation) => {
    haptics.select();
    setGender(value);
    setError(null);
  };
  const save = async () => {
    if (!sex || (needsGender && !gender)) {
      haptics.notify('error');
      return setError(sex ? PROFILE_MESSAGES.orientationRequired : PROFILE_MESSAGES.sexRequired);
    }
    setBusy(true);
    try {
      await setSex(needsGender && gender ? { sex, gender } : { sex });
      haptics.notify('success');
      onStored();
    } catch (err) {
      haptics.notify('error');
      if (refusedField(err) === 'gender') setAskGender(true);
      setError(submissionErrorMessage(err));
      setBusy(false);
    }
  };

  const orientations = sex ? orientationsForSex(sex).map((value) => ({ value, label: ORIENTATION_LABELS[value] })) : [];
  return (
    <StepFrame
      stage="MISSING_SEX"
      title="Ваш пол"
      subtitle="Теперь его указывают все: по нему мы подбираем, кому показывать анкету. Выберите один вариант."
      error={error}
      onNext={() => void save()}
      nextLabel="Сохранить"
      busy={busy}
    >
      <SexChoice selected={sex} onSelect={chooseSex} />
      {sex && needsGender && (
        <>
          <p className={styles.tip} role="status">
            {ORIENTATION_CLEARED}
          </p>
          <ChoiceList label="Ориентация" options={orientations} selected={gender} onSelect={chooseGender} columns={2} />
        </>
      )}
    </StepFrame>
  );
}
