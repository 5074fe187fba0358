import { EDIT_QUEUED_MESSAGE, type ProfileEditBody } from '../../../../contracts/profile';
import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import { patchMyProfile } from '../api/my-profile-api';
import { errorText } from '../../../lib/api/error-text';

export const EDIT_TEXT = {
  saved: 'Изменения сохранены!',
  queued: EDIT_QUEUED_MESSAGE,
  saveFailed: 'Ошибка сохранения',
  needThreePhotos: 'Нужно загрузить минимум 3 фотографии',
  photoReplaced: 'Фото заменено!',
  photoProcessing: 'Ошибка обработки изображения. Попробуйте другое фото.',
  photoUploadFailed: 'Не удалось загрузить',
  photoNetwork: 'Ошибка загрузки',
  photoHint: 'Загружайте только свои фото, рисунки или природу. Фото с NSFW-содержанием и с текстом не принимаются.',
} as const;

/** Sends one edit; tells the user whether it went to moderation or needed none; false on failure (the sheet stays). */
export async function saveProfileEdit(patch: ProfileEditBody): Promise<boolean> {
  try {
    const answer = await patchMyProfile(patch);
    haptics.notify('success');
    if (answer.editQueued || answer.photosQueued) showToast({ text: EDIT_TEXT.queued, tone: 'info', durationMs: 4000 });
    else showToast({ text: EDIT_TEXT.saved, tone: 'success' });
    return true;
  } catch (err) {
    haptics.notify('error');
    showToast({ text: errorText(err, EDIT_TEXT.saveFailed), tone: 'error', durationMs: 4000 });
    return false;
  }
}
