import { MEDIA_MESSAGES } from '../../../../contracts/media';
import { showToast } from '../../../components/ui/toast-store';
import { compressImage, PROFILE_IMAGE } from '../../../lib/images/compress-image';
import { haptics } from '../../../lib/telegram/haptics';
import { uploadProfilePhoto } from '../api/upload-profile-photo';
import { useOnboardingStore } from './onboarding-store';
import { errorDetail, serverMessage } from '../../../lib/api/error-text';

export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const PHOTO_MESSAGES = { uploadFailed: 'Не удалось загрузить фото', prepareFailed: 'Не удалось подготовить изображение' } as const;

let nextToken = 1;

function fail(text: string, description: string | undefined): void {
  haptics.notify('error');
  showToast({ tone: 'error', text, description, durationMs: 4000 });
}

const extensionOf = (blob: Blob) => (blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg');

/** Compresses a picked file (side 1080, quality 0.82), uploads it as a profile image and puts it into slot `index`. */
export async function uploadPhotoInto(index: number, file: File): Promise<void> {
  const store = useOnboardingStore.getState();
  // Some Android pickers give no type; the server decides by the bytes then.
  if (file.type && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return fail(PHOTO_MESSAGES.uploadFailed, MEDIA_MESSAGES.unsupported);
  const token = nextToken++;
  const previous = store.values.photos[index] ?? null;
  const previousPreview = store.previews[index] ?? null;
  const preview = URL.createObjectURL(file);
  store.setUpload(index, token);
  store.setPhotoError(index, null);
  store.setPhoto(index, null, preview);
  const isCurrent = () => useOnboardingStore.getState().uploads[index] === token;
  const restore = (text: string, description?: string, atSlot?: string) => {
    URL.revokeObjectURL(preview);
    if (!isCurrent()) return;
    store.setUpload(index, null);
    store.setPhoto(index, previous, previousPreview);
    store.setPhotoError(index, atSlot ?? null);
    fail(text, description);
  };

  let image: Blob;
  try {
    image = await compressImage(file, PROFILE_IMAGE);
  } catch (err) {
    return restore(PHOTO_MESSAGES.prepareFailed, err instanceof Error ? err.message : undefined);
  }
  try {
    const { url } = await uploadProfilePhoto(image, `photo-${index + 1}.${extensionOf(image)}`);
    if (!isCurrent()) return;
    if (previousPreview) URL.revokeObjectURL(previousPreview);
    store.setUpload(index, null);
    store.setPhoto(index, url, preview);
    haptics.impact('light');
  } catch (err) {
    // The server's refusal (an explicit photo, a wrong format) also stays on the slot it was meant for.
    restore(PHOTO_MESSAGES.uploadFailed, errorDetail(err), serverMessage(err));
  }
}

/** Empties slot `index` (also cancelling an upload in flight). */
export function removePhoto(index: number): void {
  const store = useOnboardingStore.getState();
  const preview = store.previews[index];
  if (preview) URL.revokeObjectURL(preview);
  store.setUpload(index, null);
  store.setPhotoError(index, null);
  store.setPhoto(index, null, null);
}
