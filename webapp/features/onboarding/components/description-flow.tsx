import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OnboardingStatus } from '../../../../contracts/profile';
import { useTelegramBackButton } from '../../../lib/telegram/use-back-button';
import { haptics } from '../../../lib/telegram/haptics';
import { fetchMyProfile } from '../api/fetch-my-profile';
import { DESCRIPTION_STEPS, useDescriptionStore, type DescriptionStep as Step } from '../stores/description-store';
import { prefillDescription } from '../stores/prefill';
import { submitDescription } from '../stores/submit-description';
import { DescriptionStep } from './description-step';
import { ExtraStep } from './extra-step';
import { LookingForStep } from './looking-for-step';
import { ModeratorNote, StageNote } from './stage-note';
import { StepFrame } from './step-frame';

const STEPS: Record<Step, { title: string; subtitle: string; body: ReactNode }> = {
  DESC: {
    title: 'Расскажите о себе',
    subtitle: 'Пара предложений об увлечениях — так собеседникам проще начать разговор.',
    body: <DescriptionStep />,
  },
  LOOKING: { title: 'Что вы ищете?', subtitle: 'Можно выбрать несколько вариантов.', body: <LookingForStep /> },
  EXTRA: { title: 'Ещё немного', subtitle: 'Рост — по желанию. Нажмите на значение, чтобы убрать его.', body: <ExtraStep /> },
};

export interface DescriptionFlowProps {
  /** Why an earlier description was sent back, when it was. */
  reason: string | null;
  /** The new registration status after a successful submission. */
  onSubmitted: (status: OnboardingStatus) => void;
}

/** NEED_DESCRIPTION: description, goals, extra info; then a toast and the main app (end-user.md §4 'Description flow'). */
export function DescriptionFlow({ reason, onSubmitted }: DescriptionFlowProps) {
  useState(() => useDescriptionStore.getState().reset());
  const { step, error, sending, next, back } = useDescriptionStore();
  const navigate = useNavigate();
  const index = DESCRIPTION_STEPS.indexOf(step);
  useTelegramBackButton(index > 0, back);

  useEffect(() => {
    if (reason) fetchMyProfile().then(prefillDescription, () => undefined);
  }, [reason]);

  const onNext = () => {
    if (step === 'EXTRA') {
      return void submitDescription((status) => {
        onSubmitted(status);
        navigate('/', { replace: true });
      });
    }
    if (next()) haptics.impact('light');
    else haptics.notify('error');
  };
  const { title, subtitle, body } = STEPS[step];
  return (
    <StepFrame
      stage={step}
      progress={{ current: index, total: DESCRIPTION_STEPS.length }}
      title={title}
      subtitle={subtitle}
      note={
        reason ? (
          <ModeratorNote reason={reason} compact />
        ) : step === 'DESC' ? (
          <StageNote tone="success" icon="check" label="Анкета одобрена" text="Осталось рассказать о себе — и можно знакомиться." compact />
        ) : null
      }
      error={error}
      onBack={index > 0 ? back : undefined}
      onNext={onNext}
      nextLabel={step === 'EXTRA' ? (sending ? 'Отправляем…' : 'Отправить') : 'Далее'}
      busy={sending}
    >
      {body}
    </StepFrame>
  );
}
