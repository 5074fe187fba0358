import { submitDetailsSchema } from '../../../../contracts/profile';
import type { OnboardingStatus } from '../../../../contracts/profile';
import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import '../../../lib/zod-russian';
import { submissionErrorMessage } from '../api/submission-error';
import { submitDetails } from '../api/submit-details';
import { clearDraft } from '../lib/onboarding-draft';
import { DESCRIPTION_STEPS, descriptionStepFor, useDescriptionStore, validateDescriptionStep } from './description-store';

const DESCRIPTION_SENT = 'Описание отправлено на модерацию';

/** Sends the description stage; on success clears the draft, shows a toast and hands the new status on. */
export async function submitDescription(onDone: (status: OnboardingStatus) => void): Promise<void> {
  const store = useDescriptionStore.getState();
  const { values } = store;
  const invalid = DESCRIPTION_STEPS.find((step) => validateDescriptionStep(step, values) !== null);
  if (invalid) return store.goTo(invalid, validateDescriptionStep(invalid, values));
  const parsed = submitDetailsSchema.safeParse({
    description: values.description,
    consentAccepted: values.consent,
    lookingFor: values.lookingFor,
    heightCm: values.heightCm,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? '';
    return store.goTo(descriptionStepFor(message), message);
  }
  store.setSending(true);
  try {
    const status = await submitDetails(parsed.data);
    clearDraft();
    haptics.notify('success');
    showToast({ tone: 'success', text: DESCRIPTION_SENT, description: 'Обычно проверка занимает несколько часов', durationMs: 4000 });
    onDone(status);
  } catch (err) {
    const message = submissionErrorMessage(err);
    haptics.notify('error');
    showToast({ tone: 'error', text: message });
    store.goTo(descriptionStepFor(message), message);
  } finally {
    useDescriptionStore.getState().setSending(false);
  }
}
