import { useState } from 'react';
import type { RoleName } from '../../../../contracts/user';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import visuallyHidden from '../../../components/ui/visually-hidden.module.css';
import { ROLE_LABELS } from '../lib/format';
import styles from './sheet.module.css';

const ROLES: RoleName[] = ['USER', 'MODERATOR', 'ADMIN'];
const ROLE_HINTS: Record<RoleName, string> = {
  USER: 'Обычный пользователь',
  MODERATOR: 'Проверяет анкеты и жалобы, видит пользователей',
  ADMIN: 'Всё, включая статистику, роли и базу данных',
};

/** The account type: USER, MODERATOR or ADMIN; confirmation is asked next. */
export function RoleSheet({
  open,
  current,
  onCancel,
  onChoose,
}: {
  open: boolean;
  current: RoleName;
  onCancel(): void;
  onChoose(role: RoleName): void;
}) {
  const [role, setRole] = useState<RoleName>(current);
  // Opening the sheet starts from the current role, adjusted while rendering.
  const [synced, setSynced] = useState({ open, current });
  if (synced.open !== open || synced.current !== current) {
    setSynced({ open, current });
    if (open) setRole(current);
  }
  const footer = <SheetFooter onCancel={onCancel} onConfirm={() => onChoose(role)} confirmText="Изменить" disabled={role === current} />;
  return (
    <BottomSheet open={open} onClose={onCancel} title="Тип аккаунта" footer={footer}>
      <fieldset className={`${form.choices} ${styles.choices}`}>
        <legend className={visuallyHidden.hidden}>Тип аккаунта</legend>
        {ROLES.map((r) => (
          <label key={r} className={form.choice}>
            <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} />
            <span className={styles.choiceText}>
              <span>
                {ROLE_LABELS[r]} <span className={styles.code}>{r}</span>
              </span>
              <span className={`${styles.note} ${form.hint}`}>{ROLE_HINTS[r]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </BottomSheet>
  );
}
