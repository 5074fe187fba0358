import { create } from 'zustand';
import { loadDraft, saveDraft } from '../lib/onboarding-draft';
import { ONBOARDING_STEPS, type OnboardingStep } from '../lib/onboarding-steps';
import { ORIENTATION_CLEARED, orientationAfter } from '../lib/orientation';
import { validateStep, type BaseValues } from '../lib/validate-step';

/** 'asking': sent; Telegram asks whether the bot may write with the result. */
type OnboardingPhase = 'welcome' | 'steps' | 'sending' | 'asking';

export interface OnboardingState {
  phase: OnboardingPhase;
  step: OnboardingStep;
  /** The steps this pass walks through, in order: all six, or only those a moderator flagged. */
  route: readonly OnboardingStep[];
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
  /** Leaves the welcome screen: at the route's first step, or when resuming a draft at the first step still missing something. */
  start(resume: boolean, route?: readonly OnboardingStep[]): void;
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

/** The state before the welcome screen is left: the draft's values, nothing uploading, no message. */
const fresh = () => ({
  phase: 'welcome' as const,
  step: 'NAME' as const,
  route: ONBOARDING_STEPS,
  values: valuesFromDraft(),
  previews: [null, null, null],
  uploads: [null, null, null],
  photoErrors: [null, null, null],
  error: null,
  notice: null,
});

/** The base onboarding (end-user.md §4 'Onboarding order'); every change is kept in the local draft. */
export const useOnboardingStore = create<OnboardingState>()((set, get) => ({
  ...fresh(),
  reset: () => set(fresh()),
  start: (resume, route = ONBOARDING_STEPS) => {
    const firstMissing = ONBOARDING_STEPS.find((s) => validateStep(s, get().values) !== null) ?? 'PHOTOS';
    set({ phase: 'steps', step: resume ? firstMissing : route[0]!, route: resume ? ONBOARDING_STEPS : route, error: null });
  },
  // A step outside a short route (a refusal about another field) opens the whole flow again.
  goTo: (step, error = null) => set({ phase: 'steps', step, error, ...(get().route.includes(step) ? {} : { route: ONBOARDING_STEPS }) }),
  next: () => {
    const { step, values } = get();
    const error = validateStep(step, values);
    if (error) {
      set({ error });
      return false;
    }
    const { route } = get();
    const following = route[route.indexOf(step) + 1];
    set(following ? { step: following, error: null } : { error: null });
    return true;
  },
  back: () => {
    const { route, step } = get();
    const previous = route[route.indexOf(step) - 1];
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
