import { useEffect, useState, type ReactNode } from 'react';
import { useTelegramBackButton } from '../../../lib/telegram/use-back-button';
import { haptics } from '../../../lib/telegram/haptics';
import { fetchMyProfile } from '../api/fetch-my-profile';
import { flaggedSteps, type OnboardingStep } from '../lib/onboarding-steps';
import type { BaseValues } from '../lib/validate-step';
import { useOnboardingStore } from '../stores/onboarding-store';
import { prefillBase, suggestName } from '../stores/prefill';
import { submitOnboarding } from '../stores/submit-onboarding';
import { BirthDateStep } from './birth-date-step';
import { CityStep } from './city-step';
import { ModeratorNote } from './stage-note';
import { NameStep } from './name-step';
import { OrientationStep } from './orientation-step';
import { PhotosStep } from './photos-step';
import { SendingScreen } from './sending-screen';
import { SexStep } from './sex-step';
import { StepFrame } from './step-frame';
import { WelcomeScreen } from './welcome-screen';

const STEPS: Record<OnboardingStep, { title: string; subtitle: string; body: ReactNode }> = {
  NAME: { title: 'Как вас зовут?', subtitle: 'Это имя увидят в вашей анкете.', body: <NameStep /> },
  BIRTHDATE: {
    title: 'Дата рождения',
    subtitle: 'Приложение для тех, кому от 13 до 19. Дату нельзя будет изменить, другие увидят только возраст.',
    body: <BirthDateStep />,
  },
  SEX_CHOICE: { title: 'Ваш пол', subtitle: 'Выберите один вариант.', body: <SexStep /> },
  GENDER: { title: 'Ориентация', subtitle: 'Так мы покажем вам подходящие анкеты.', body: <OrientationStep /> },
  CITY: { title: 'Ваш город', subtitle: 'Начните вводить название и выберите город из списка.', body: <CityStep /> },
  PHOTOS: { title: 'Ваши фото', subtitle: 'Три фото, на которых хорошо видно вас. Их проверит модератор.', body: <PhotosStep /> },
};

const hasProgress = (v: BaseValues) =>
  Boolean(v.displayName || v.birthDate.day || v.birthDate.year || v.sex || v.gender || v.placeId !== null || v.photos.some(Boolean));

export interface OnboardingFlowProps {
  /** BASE_DISCREPANT: the moderator sent the profile back. */
  again: boolean;
  reason: string | null;
  /** The Telegram first name, offered as the display name. */
  firstName?: string | null;
}

/** NO_PROFILE / BASE_DISCREPANT: welcome, six steps, then the submission (end-user.md §2, §4). */
export function OnboardingFlow({ again, reason, firstName = null }: OnboardingFlowProps) {
  const [resuming] = useState(() => {
    useOnboardingStore.getState().reset();
    return hasProgress(useOnboardingStore.getState().values);
  });
  const { phase, step, route, error, start, back, next } = useOnboardingStore();
  useTelegramBackButton(phase === 'steps', back);

  useEffect(() => {
    if (!again) {
      suggestName(firstName);
      return;
    }
    // A fix starts from what was submitted; the Telegram name is only a fallback when that cannot be read.
    fetchMyProfile().then(prefillBase, () => suggestName(firstName));
  }, [again, firstName]);

  if (phase === 'welcome') {
    const route = again ? flaggedSteps(reason) : undefined;
    return (
      <WelcomeScreen
        again={again}
        reason={reason}
        resuming={resuming}
        steps={route?.length}
        onStart={() => start(resuming && !again, route)}
      />
    );
  }
  if (phase === 'sending' || phase === 'asking') return <SendingScreen asking={phase === 'asking'} />;

  const last = route.indexOf(step) === route.length - 1;
  const onNext = () => {
    if (last) return void submitOnboarding();
    if (next()) haptics.impact('light');
    else haptics.notify('error');
  };
  const { title, subtitle, body } = STEPS[step];
  return (
    <StepFrame
      stage={step}
      progress={{ current: route.indexOf(step), total: route.length }}
      title={title}
      subtitle={subtitle}
      note={again && reason ? <ModeratorNote reason={reason} compact /> : null}
      error={error}
      onBack={back}
      onNext={onNext}
      nextLabel={last ? 'Отправить' : 'Далее'}
    >
      {body}
    </StepFrame>
  );
}
