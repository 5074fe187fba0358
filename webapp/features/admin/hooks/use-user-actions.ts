import { useNavigate } from 'react-router-dom';
import { ADMIN_MESSAGES, type AdminProfilePatchBody } from '../../../../contracts/admin';
import type { RoleName } from '../../../../contracts/user';
import { changeRole, deleteUser, patchAccount, patchBirthDate, patchProfile, uploadAvatarFile } from '../api/user-admin-api';
import { ROLE_LABELS } from '../lib/format';
import { showDone, showFailure } from '../lib/show-failure';

/** Runs a call; on success the toast and a fresh read, on failure the §8 text with the server's words. Resolves whether it worked. */
async function attempt(call: () => Promise<unknown>, done: string, failed: string, after: () => void): Promise<boolean> {
  try {
    await call();
    showDone(done);
    after();
    return true;
  } catch (err) {
    showFailure(failed, err);
    return false;
  }
}

/** The admin's actions on one user (moderation-admin.md §2 User detail; §8 texts). */
export function useUserActions(telegramId: number, reload: () => void) {
  const navigate = useNavigate();
  return {
    saveProfile: (patch: AdminProfilePatchBody) =>
      attempt(() => patchProfile(telegramId, patch), 'Анкета сохранена', ADMIN_MESSAGES.profileSaveFailed, reload),
    saveBirthDate: (birthDate: string) =>
      attempt(() => patchBirthDate(telegramId, birthDate), 'Анкета сохранена', ADMIN_MESSAGES.profileSaveFailed, reload),
    ban: (reason: string | null) =>
      attempt(
        () => patchAccount(telegramId, { isBanned: true, banReason: reason }),
        'Пользователь заблокирован',
        ADMIN_MESSAGES.banFailed,
        reload,
      ),
    unban: () =>
      attempt(
        () => patchAccount(telegramId, { isBanned: false, banReason: null }),
        'Пользователь разблокирован',
        ADMIN_MESSAGES.banFailed,
        reload,
      ),
    setRole: (role: RoleName) =>
      attempt(() => changeRole(telegramId, role), `Роль: ${ROLE_LABELS[role]}`, ADMIN_MESSAGES.roleFailed, reload),
    remove: (reason: string | null) =>
      attempt(
        () => deleteUser(telegramId, reason),
        'Аккаунт удалён',
        ADMIN_MESSAGES.deleteFailed,
        () => navigate('/admin/users', { replace: true }),
      ),
    /** Uploads the file as an avatar image, then makes it the user's custom photo. */
    uploadAvatar: (file: File) =>
      attempt(
        async () => patchAccount(telegramId, { customPhotoUrl: await uploadAvatarFile(file) }),
        'Аватар обновлён',
        ADMIN_MESSAGES.avatarFailed,
        reload,
      ),
    resetAvatar: () =>
      attempt(
        () => patchAccount(telegramId, { customPhotoUrl: null }),
        'Используется фото из Telegram',
        ADMIN_MESSAGES.avatarFailed,
        reload,
      ),
  };
}
