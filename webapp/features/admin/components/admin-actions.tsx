import { useState } from 'react';
import type { UserDetails } from '../../../../contracts/admin';
import { BAN_PRESETS, REASON_MIN } from '../../../../contracts/moderation-reasons';
import type { RoleName } from '../../../../contracts/user';
import { confirmAction } from '../../../components/ui/confirm-store';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { ROLE_LABELS } from '../lib/format';
import { ReasonSheet } from './reason-sheet';
import { RoleSheet } from './role-sheet';

export interface UserActions {
  ban(reason: string | null): Promise<boolean>;
  unban(): Promise<boolean>;
  setRole(role: RoleName): Promise<boolean>;
  remove(reason: string | null): Promise<boolean>;
}

type Sheet = 'ban' | 'role' | 'delete' | null;

/** Ban or unban, account type and deletion; each asks for confirmation before anything is sent. */
export function AdminActions({ user, actions }: { user: UserDetails['user']; actions: UserActions }) {
  const [sheet, setSheet] = useState<Sheet>(null);
  const who = user.username ? `@${user.username}` : `#${user.telegramId}`;
  const close = () => setSheet(null);

  const ban = async (reason: string | null) => {
    close();
    const message = reason ? `Причина: ${reason}` : 'Без указания причины.';
    if (await confirmAction({ title: `Заблокировать ${who}?`, message, confirmText: 'Заблокировать', destructive: true }))
      await actions.ban(reason);
  };
  const unban = async () => {
    if (await confirmAction({ title: `Разблокировать ${who}?`, message: 'Доступ к приложению вернётся.', confirmText: 'Разблокировать' }))
      await actions.unban();
  };
  const setRole = async (role: RoleName) => {
    close();
    if (
      await confirmAction({
        title: 'Изменить роль?',
        message: `${who}: ${ROLE_LABELS[user.role]} → ${ROLE_LABELS[role]}`,
        confirmText: 'Изменить',
      })
    )
      await actions.setRole(role);
  };
  const remove = async (reason: string | null) => {
    close();
    const message = 'Анкета, фото, лайки и сообщения будут удалены без возможности восстановления.';
    if (await confirmAction({ title: `Удалить аккаунт ${who}?`, message, confirmText: 'Удалить', destructive: true }))
      await actions.remove(reason);
  };

  return (
    <>
      <ListSection title="Действия">
        {user.isBanned ? (
          <ListRow icon="lock" label="Разблокировать" onClick={() => void unban()} testId="action-unban" />
        ) : (
          <ListRow icon="ban" label="Заблокировать" tone="destructive" onClick={() => setSheet('ban')} testId="action-ban" />
        )}
        <ListRow
          icon="shield"
          label="Изменить тип аккаунта"
          value={ROLE_LABELS[user.role]}
          onClick={() => setSheet('role')}
          testId="action-role"
        />
        <ListRow icon="trash" label="Удалить аккаунт" tone="destructive" onClick={() => setSheet('delete')} testId="action-delete" />
      </ListSection>
      <ReasonSheet
        open={sheet === 'ban'}
        title="Заблокировать"
        text="Пользователь увидит экран «Доступ ограничен» с причиной."
        confirmText="Заблокировать"
        min={REASON_MIN}
        presets={BAN_PRESETS}
        onCancel={close}
        onConfirm={(r) => void ban(r)}
      />
      <ReasonSheet
        open={sheet === 'delete'}
        title="Удалить аккаунт"
        text="Удаление необратимо."
        confirmText="Удалить"
        onCancel={close}
        onConfirm={(r) => void remove(r)}
      />
      <RoleSheet open={sheet === 'role'} current={user.role} onCancel={close} onChoose={(r) => void setRole(r)} />
    </>
  );
}
