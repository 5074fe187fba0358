import { useState } from 'react';
import type { BlacklistEntry } from '../../../../api/contracts/privacy';
import { sizedImageUrl } from '../../../components/profile-card/card-image-url';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { ListSection } from '../../../components/ui/list-section';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { unblockUser } from '../api/privacy-api';
import { listDisplayName } from '../lib/list-display-name';
import { PRIVACY_TEXT } from '../lib/privacy-text';
import { usePrivacyOverview } from '../lib/use-privacy-overview';
import styles from './settings-screen.module.css';

function EntryAvatar({ entry, name }: { entry: BlacklistEntry; name: string }) {
  const [failed, setFailed] = useState(false);
  if (entry.photoUrl && !failed) return <img className={styles.avatar} src={sizedImageUrl(entry.photoUrl, 128)} alt="" onError={() => setFailed(true)} />;
  return (
    <span className={styles.avatar} aria-hidden="true">
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

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
        <EntryAvatar entry={entry} name={name} />
        <span className={styles.who}>
          <span className={styles.name}>{name}</span>
          {entry.username && <span className={styles.handle}>@{entry.username}</span>}
        </span>
        <Button variant="secondary" className={styles.unblock} disabled={busy} onClick={() => void unblock()}>
          Разблокировать
        </Button>
      </div>
    </li>
  );
}

/** /blacklist (end-user.md §2 Blacklist): who the user blocked, each with 'Разблокировать'. */
export default function BlacklistScreen() {
  const { state, retry, update } = usePrivacyOverview();
  if (state.phase === 'loading') return (
      <>
        <ScreenTitle>Черный список</ScreenTitle>
        <Spinner />
      </>
    );
  if (state.phase === 'error') {
    return (
      <div className={styles.state} role="alert">
        <ScreenTitle>Черный список</ScreenTitle>
        {PRIVACY_TEXT.blacklistFailed}
        <Button variant="secondary" onClick={retry}>
          Повторить
        </Button>
      </div>
    );
  }
  const { blacklist } = state.data;
  const remove = (id: string) => update((d) => ({ ...d, blacklist: d.blacklist.filter((e) => e.id !== id), counts: { ...d.counts, blacklist: d.counts.blacklist - 1 } }));
  return (
    <div className={styles.screen}>
      <ScreenTitle>Черный список</ScreenTitle>
      {blacklist.length === 0 ? (
        <div className={styles.empty}>
          <span className={styles.emptySymbol} aria-hidden="true">
            <Icon name="ban" size={30} />
          </span>
          <p className={styles.emptyTitle}>{PRIVACY_TEXT.blacklistEmpty}</p>
          <p className={styles.emptyHint}>Заблокировать можно из анкеты пользователя или из чата.</p>
        </div>
      ) : (
        <ListSection label="Черный список" footer="Заблокированные не видят вашу анкету и не могут вам писать, а вы — их.">
          {blacklist.map((entry) => (
            <EntryRow key={entry.id} entry={entry} onUnblocked={() => remove(entry.id)} />
          ))}
        </ListSection>
      )}
    </div>
  );
}
