import { submitBaseSchema } from '../../../../contracts/profile';
import { haptics } from '../../../lib/telegram/haptics';
import { canRequestWriteAccess } from '../../../lib/telegram/write-access';
import { refusedField, SUBMIT_FAILED, submissionErrorMessage } from '../api/submission-error';
import { submitBase, type BasePayload } from '../api/submit-base';
import { askWriteAccess } from '../lib/ask-write-access';
import { joinBirthDate } from '../lib/birth-date-boxes';
import { ONBOARDING_STEPS, stepForFailure } from '../lib/onboarding-steps';
import { reloadPage } from '../lib/reload-page';
import { firstFailure, validateStep } from '../lib/validate-step';
import { useOnboardingStore } from './onboarding-store';

function payloadFromStore(): BasePayload | null {
  const { values } = useOnboardingStore.getState();
  if (!values.sex || !values.gender || values.placeId === null) return null;
  const photos = values.photos.filter((p): p is string => Boolean(p));
  return {
    displayName: values.displayName.trim(),
    birthDate: joinBirthDate(values.birthDate),
    // Kept for everyone (AMENDMENTS §4.1) and required (§5.2): the feed matches on it.
    sex: values.sex,
    gender: values.gender,
    city: values.city.trim(),
    placeId: values.placeId,
    photos: photos.map((url) => ({ url })),
  };
}

/** Sends the base profile; reloads on success, else shows the server's message on the step it is about. */
export async function submitOnboarding(): Promise<void> {
  const store = useOnboardingStore.getState();
  const invalid = ONBOARDING_STEPS.find((step) => validateStep(step, store.values) !== null);
  if (invalid) return store.goTo(invalid, validateStep(invalid, store.values));
  const payload = payloadFromStore();
  if (!payload) return store.goTo('PHOTOS', SUBMIT_FAILED);
  const issue = firstFailure(submitBaseSchema, payload);
  if (issue) return store.goTo(stepForFailure(issue.field), issue.message);
  store.setPhase('sending');
  try {
    await submitBase(payload);
    haptics.notify('success');
  } catch (err) {
    const message = submissionErrorMessage(err);
    haptics.notify('error');
    return store.goTo(stepForFailure(refusedField(err)), message);
  }
  // The moderator's answer comes from the bot, which may write only if the user lets it.
  if (canRequestWriteAccess()) {
    store.setPhase('asking');
    await askWriteAccess();
  }
  reloadPage();
}
