import { create } from 'zustand';
import { loadDraft, saveDraft } from '../lib/onboarding-draft';
import { ONBOARDING_STEPS, stepIndex, type OnboardingStep } from '../lib/onboarding-steps';
import { ORIENTATION_CLEARED, orientationAfter } from '../lib/orientation';
import { validateStep, type BaseValues } from '../lib/validate-step';

export type OnboardingPhase = 'welcome' | 'steps' | 'sending';

export interface OnboardingState {
  phase: OnboardingPhase;
  step: OnboardingStep;
  values: BaseValues;
  /** Local previews of photos picked in this session (object URLs). */
  previews: (string | null)[];
  /** Upload tokens of slots being uploaded; null when idle. */
  uploads: (number | null)[];
  /** Why the last upload into a slot was refused (the server's words), shown on the slot until the next pick. */
  photoErrors: (string | null)[];
  /** A validation or server message shown on the current step. */
  error: string | null;
  /** Why a choice was undone for the user (a new sex cleared the orientation); shown on the orientation step. */
  notice: string | null;
  reset(): void;
  /** Leaves the welcome screen: at NAME, or when resuming a draft at the first step still missing something. */
  start(resume: boolean): void;
  goTo(step: OnboardingStep, error?: string | null): void;
  next(): boolean;
  back(): void;
  setPhase(phase: OnboardingPhase): void;
  update(patch: Partial<Omit<BaseValues, 'photos'>>): void;
  setPhoto(index: number, url: string | null, preview?: string | null): void;
  setUpload(index: number, token: number | null): void;
  setPhotoError(index: number, text: string | null): void;
}

function valuesFromDraft(): BaseValues {
  const { displayName, birthDate, sex, gender, city, placeId, photos } = loadDraft();
  return { displayName, birthDate, sex, gender, city, placeId, photos };
}

const persist = ({ photos, ...values }: BaseValues) => saveDraft({ ...values, photos: [...photos] });

/** The base onboarding (end-user.md §4 'Onboarding order'); every change is kept in the local draft. */
export const useOnboardingStore = create<OnboardingState>()((set, get) => ({
  phase: 'welcome',
  step: 'NAME',
  values: valuesFromDraft(),
  previews: [null, null, null],
  uploads: [null, null, null],
  photoErrors: [null, null, null],
  error: null,
  notice: null,
  reset: () =>
    set({
      phase: 'welcome',
      step: 'NAME',
      values: valuesFromDraft(),
      previews: [null, null, null],
      uploads: [null, null, null],
      photoErrors: [null, null, null],
      error: null,
      notice: null,
    }),
  start: (resume) => {
    const firstMissing = ONBOARDING_STEPS.find((s) => validateStep(s, get().values) !== null) ?? 'PHOTOS';
    set({ phase: 'steps', step: resume ? firstMissing : 'NAME', error: null });
  },
  goTo: (step, error = null) => set({ phase: 'steps', step, error }),
  next: () => {
    const { step, values } = get();
    const error = validateStep(step, values);
    if (error) {
      set({ error });
      return false;
    }
    const following = ONBOARDING_STEPS[stepIndex(step) + 1];
    set(following ? { step: following, error: null } : { error: null });
    return true;
  },
  back: () => {
    const previous = ONBOARDING_STEPS[stepIndex(get().step) - 1];
    set(previous ? { step: previous, error: null } : { phase: 'welcome', error: null });
  },
  setPhase: (phase) => set({ phase }),
  update: (patch) => {
    const merged = { ...get().values, ...patch };
    const gender = orientationAfter(merged.gender, merged.sex);
    const cleared = gender !== merged.gender;
    const values = { ...merged, gender };
    persist(values);
    set({ values, error: null, notice: cleared ? ORIENTATION_CLEARED : patch.gender !== undefined ? null : get().notice });
  },
  setPhoto: (index, url, preview = null) => {
    const values = { ...get().values, photos: get().values.photos.map((p, i) => (i === index ? url : p)) };
    const previews = get().previews.map((p, i) => (i === index ? preview : p));
    persist(values);
    set({ values, previews, error: null });
  },
  setUpload: (index, token) => set({ uploads: get().uploads.map((t, i) => (i === index ? token : t)) }),
  setPhotoError: (index, text) => set({ photoErrors: get().photoErrors.map((e, i) => (i === index ? text : e)) }),
}));
