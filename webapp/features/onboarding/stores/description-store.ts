import { create } from 'zustand';
import { submitDetailsSchema } from '../../../../contracts/profile';
import type { LookingFor } from '../../../../contracts/profile-fields';
import { PROFILE_MESSAGES } from '../../../../contracts/profile-fields';
import { LOOKING_FOR_REQUIRED } from '../lib/looking-for';
import { loadDraft, saveDraft } from '../lib/onboarding-draft';
import { firstIssue } from '../lib/validate-step';

export const DESCRIPTION_STEPS = ['DESC', 'LOOKING', 'EXTRA'] as const;
export type DescriptionStep = (typeof DESCRIPTION_STEPS)[number];

export interface DescriptionValues {
  description: string;
  lookingFor: LookingFor[];
  heightCm: number | null;
  consent: boolean;
}

export interface DescriptionState {
  step: DescriptionStep;
  values: DescriptionValues;
  error: string | null;
  sending: boolean;
  reset(): void;
  update(patch: Partial<DescriptionValues>): void;
  goTo(step: DescriptionStep, error?: string | null): void;
  next(): boolean;
  back(): void;
  setSending(sending: boolean): void;
}

function valuesFromDraft(): DescriptionValues {
  const { description, lookingFor, heightCm, consent } = loadDraft();
  return { description, lookingFor, heightCm, consent };
}

/** end-user.md §5 'Description stage', checked with the route's own schema. */
export function validateDescriptionStep(step: DescriptionStep, values: DescriptionValues): string | null {
  if (step === 'DESC') return firstIssue(submitDetailsSchema.shape.description, values.description);
  if (step === 'LOOKING') return values.lookingFor.length > 0 ? null : LOOKING_FOR_REQUIRED;
  return values.consent ? null : PROFILE_MESSAGES.consentRequired;
}

/** Which step a server message is about (the description, the goals, or the rest). */
export function descriptionStepFor(message: string): DescriptionStep {
  if (/описани/i.test(message)) return 'DESC';
  if (/значени|вариант/i.test(message)) return 'LOOKING';
  return 'EXTRA';
}

const at = (step: DescriptionStep) => DESCRIPTION_STEPS.indexOf(step);

export const useDescriptionStore = create<DescriptionState>()((set, get) => ({
  step: 'DESC',
  values: valuesFromDraft(),
  error: null,
  sending: false,
  reset: () => set({ step: 'DESC', values: valuesFromDraft(), error: null, sending: false }),
  update: (patch) => {
    const values = { ...get().values, ...patch };
    saveDraft(values);
    set({ values, error: null });
  },
  goTo: (step, error = null) => set({ step, error }),
  next: () => {
    const { step, values } = get();
    const error = validateDescriptionStep(step, values);
    if (error) {
      set({ error });
      return false;
    }
    const following = DESCRIPTION_STEPS[at(step) + 1];
    set({ error: null, ...(following ? { step: following } : {}) });
    return true;
  },
  back: () => {
    const previous = DESCRIPTION_STEPS[at(get().step) - 1];
    if (previous) set({ step: previous, error: null });
  },
  setSending: (sending) => set({ sending }),
}));
