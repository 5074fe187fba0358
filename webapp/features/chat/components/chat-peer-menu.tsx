import { useState } from 'react';
import { confirmBlock } from '../../../components/profile-card/confirm-block';
import { ReportDialog } from '../../../components/report-dialog/report-dialog';
import iconButton from '../../../components/ui/icon-button.module.css';
import overlay from '../../../components/ui/overlay.module.css';
import { useEscapeKey } from '../../../components/ui/use-escape-key';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './message-menu.module.css';

/** The chat's own menu: report or block the peer without leaving the chat (the block closes it for both). */
export function ChatPeerMenu({ peerUserId }: { peerUserId: string }) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  useEscapeKey(open, () => setOpen(false));
  const settled = (run: () => void) => () => {
    setOpen(false);
    run();
  };
  return (
    <>
      <button type="button" className={iconButton.iconButton} aria-label={CHAT_TEXT.chatActions} aria-haspopup="menu" onClick={() => setOpen(true)}>
        <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <circle cx="12" cy="5.5" r="1.8" />
          <circle cx="12" cy="12" r="1.8" />
          <circle cx="12" cy="18.5" r="1.8" />
        </svg>
      </button>
      {open && (
        <div className={`${overlay.layer} ${styles.backdrop}`} onClick={settled(() => undefined)}>
          <div className={styles.menu} role="menu" aria-label={CHAT_TEXT.chatActions} onClick={(e) => e.stopPropagation()}>
            <div className={styles.group}>
              <button type="button" role="menuitem" onClick={settled(() => setReporting(true))}>
                {CHAT_TEXT.report}
              </button>
              <button type="button" role="menuitem" className={styles.danger} onClick={settled(() => void confirmBlock(peerUserId))}>
                {CHAT_TEXT.block}
              </button>
            </div>
            <button type="button" role="menuitem" className={styles.cancel} onClick={settled(() => undefined)}>
              {CHAT_TEXT.cancel}
            </button>
          </div>
        </div>
      )}
      <ReportDialog open={reporting} onClose={() => setReporting(false)} reportedUserId={peerUserId} />
    </>
  );
}
