import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ADMIN_MESSAGES, type UserDetails } from '../../../../contracts/admin';
import { ErrorState } from '../../../components/ui/error-state';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { StateMessage } from '../../../components/ui/state-message';
import { useUserActions } from '../hooks/use-user-actions';
import { useUserDetails } from '../hooks/use-user-details';
import { checkProfileField, PROFILE_FIELDS, profileFieldText, type ProfileFieldKey } from '../lib/profile-fields';
import { AccountSection } from './account-section';
import { AdminActions } from './admin-actions';
import { FieldSheet } from './field-sheet';
import { HistorySection } from './history-section';
import { InitialReviewSection } from './initial-review-section';
import { ProfileSection } from './profile-section';
import { UserHeader } from './user-header';
import styles from './user-detail.module.css';

type Editing = { kind: 'profile'; key: ProfileFieldKey } | null;

/** The sheet's field, starting text, check and save for what is being edited. */
function editorFor(editing: Editing, details: UserDetails, actions: ReturnType<typeof useUserActions>) {
  if (editing?.kind === 'profile' && details.profile) {
    const { key } = editing;
    // The birth date has its own call, open to moderators too.
    const save = key === 'birthDate' ? (v: unknown) => actions.saveBirthDate(String(v)) : (v: unknown) => actions.saveProfile({ [key]: v });
    return {
      spec: PROFILE_FIELDS[key],
      initial: profileFieldText(details.profile, key),
      check: (raw: string) => checkProfileField(key, raw),
      save,
    };
  }
  return { spec: null, initial: '', check: () => ({ ok: false as const, message: '' }), save: async () => false };
}

function UserDetail({ telegramId }: { telegramId: number }) {
  const { details, loading, error, reload } = useUserDetails(telegramId);
  const actions = useUserActions(telegramId, reload);
  const [editing, setEditing] = useState<Editing>(null);
  if (!details) {
    if (loading) return <Spinner />;
    return <ErrorState className={styles.notice} message={ADMIN_MESSAGES.userLoadFailed} detail={error} onRetry={reload} />;
  }
  const editor = editorFor(editing, details, actions);
  const edit = (next: Editing) => {
    const birthDate = next?.kind === 'profile' && next.key === 'birthDate' && details.canEditBirthDate;
    if (details.canEdit || birthDate) setEditing(next);
  };
  return (
    <section className={styles.screen} aria-label="Пользователь" data-can-edit={details.canEdit}>
      <UserHeader details={details} actions={actions} />
      <div className={styles.columns}>
        <div className={styles.column}>
          <AccountSection user={details.user} canEdit={details.canEdit} />
          {details.canEdit && <AdminActions user={details.user} actions={actions} />}
          <InitialReviewSection details={details} />
          <HistorySection history={details.history} />
        </div>
        <div className={styles.column}>
          <ProfileSection details={details} onEdit={(key) => edit({ kind: 'profile', key })} />
        </div>
      </div>
      <FieldSheet spec={editor.spec} initial={editor.initial} check={editor.check} onSave={editor.save} onClose={() => setEditing(null)} />
    </section>
  );
}

/** /admin/user/{telegramId}: moderators read, admins edit (moderation-admin.md §2 User detail). */
export default function UserDetailScreen() {
  const id = Number(useParams().telegramId);
  return (
    <>
      <ScreenTitle>Пользователь</ScreenTitle>
      {Number.isSafeInteger(id) && id > 0 ? (
        <UserDetail key={id} telegramId={id} />
      ) : (
        <StateMessage className={styles.notice}>{ADMIN_MESSAGES.userNotFound}</StateMessage>
      )}
    </>
  );
}
