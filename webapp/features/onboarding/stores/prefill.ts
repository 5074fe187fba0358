import type { MyProfile } from '../../../../contracts/profile';
import { displayNameSchema, LOOKING_FOR, type LookingFor } from '../../../../contracts/profile-fields';
import { partsFromIso } from '../lib/birth-date-boxes';
import { useDescriptionStore } from './description-store';
import { useOnboardingStore } from './onboarding-store';

/** A profile sent back by the moderator: its earlier values fill whatever the local draft lacks. */
export function prefillBase(profile: MyProfile): void {
  const { values, update, setPhoto } = useOnboardingStore.getState();
  const birth = profile.birthDate ? partsFromIso(profile.birthDate) : null;
  const hasBirth = Boolean(values.birthDate.day || values.birthDate.month || values.birthDate.year);
  update({
    displayName: values.displayName || profile.displayName || '',
    birthDate: hasBirth || !birth ? values.birthDate : birth,
    sex: values.sex ?? profile.sex,
    gender: values.gender ?? profile.gender,
    ...(values.placeId === null && profile.city && profile.placeId !== null ? { city: profile.city, placeId: profile.placeId } : {}),
  });
  if (values.photos.every((p) => p === null) && profile.photos.length === 3) profile.photos.forEach((url, i) => setPhoto(i, url));
}

/** A description sent back by the moderator: its earlier text and choices, unless the draft has its own. */
export function prefillDescription(profile: MyProfile): void {
  const { values, update } = useDescriptionStore.getState();
  update({
    description: values.description || profile.bio || '',
    lookingFor: values.lookingFor.length
      ? values.lookingFor
      : profile.lookingFor.filter((v): v is LookingFor => (LOOKING_FOR as readonly string[]).includes(v)),
    heightCm: values.heightCm ?? profile.heightCm,
  });
}

/** The Telegram first name as the starting display name, when it already fits the rules. */
export function suggestName(firstName: string | null | undefined): void {
  const { values, update } = useOnboardingStore.getState();
  if (!values.displayName && firstName && displayNameSchema.safeParse(firstName).success) update({ displayName: firstName.trim() });
}
