import { useState } from 'react';
import type { BlacklistEntry } from '../../../../contracts/privacy';
import { sizedImageUrl } from '../../../components/profile-card/card-image-url';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import column from '../../../components/ui/column.module.css';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ListSection } from '../../../components/ui/list-section';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { unblockUser } from '../api/privacy-api';
import { listDisplayName } from '../lib/list-display-name';
import { PRIVACY_TEXT } from '../lib/privacy-text';
import { usePrivacyOverview } from '../lib/use-privacy-overview';
import styles from './settings-screen.module.css';

function EntryRow({ entry, onUnblocked }: { entry: BlacklistEntry; onUnblocked: () => void }) {
  const [busy, setBusy] = useState(false);
  const name = listDisplayName(entry);
  const unblock = async () => {
    setBusy(true);
    try {
      await unblockUser(entry.id);
      showToast({ text: PRIVACY_TEXT.unblocked, tone: 'success' });
      onUnblocked();
    } catch {
      showToast({ text: PRIVACY_TEXT.unblockFailed, tone: 'error' });
      setBusy(false);
    }
  };
  return (
    <li>
      <div className={styles.blackRow} data-testid="blacklist-row" data-row-inset="avatar">
        <Avatar src={entry.photoUrl && sizedImageUrl(entry.photoUrl, 128)} letter={name.charAt(0).toUpperCase()} />
        <span className={styles.who}>
          <span className={styles.name}>{name}</span>
          {entry.username && <span className={styles.handle}>@{entry.username}</span>}
        </span>
        <Button variant="secondary" size="small" className={styles.unblock} disabled={busy} onClick={() => void unblock()}>
          Разблокировать
        </Button>
      </div>
    </li>
  );
}

/** /blacklist (end-user.md §2 Blacklist): who the user blocked, each with 'Разблокировать'. */
export default function BlacklistScreen() {
  const { state, retry, update } = usePrivacyOverview();
  if (state.phase === 'loading')
    return (
      <>
        <ScreenTitle>Чёрный список</ScreenTitle>
        <Spinner />
      </>
    );
  if (state.phase === 'error') {
    return (
      <>
        <ScreenTitle>Чёрный список</ScreenTitle>
        <ErrorState className={styles.state} message={PRIVACY_TEXT.blacklistFailed} onRetry={retry} />
      </>
    );
  }
  const { blacklist } = state.data;
  const remove = (id: string) =>
    update((d) => ({
      ...d,
      blacklist: d.blacklist.filter((e) => e.id !== id),
      counts: { ...d.counts, blacklist: d.counts.blacklist - 1 },
    }));
  return (
    <div className={`${column.column} ${styles.screen}`}>
      <ScreenTitle>Чёрный список</ScreenTitle>
      {blacklist.length === 0 ? (
        <EmptyState
          className={styles.empty}
          icon="ban"
          title={PRIVACY_TEXT.blacklistEmpty}
          hint="Заблокировать можно из анкеты пользователя или из чата."
        />
      ) : (
        <ListSection label="Чёрный список" footer="Заблокированные не видят вашу анкету и не могут вам писать, а вы — их.">
          {blacklist.map((entry) => (
            <EntryRow key={entry.id} entry={entry} onUnblocked={() => remove(entry.id)} />
          ))}
        </ListSection>
      )}
    </div>
  );
}
