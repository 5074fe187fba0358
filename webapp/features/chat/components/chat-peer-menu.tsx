import { useState } from 'react';
import { confirmBlock } from '../../../components/profile-card/confirm-block';
import { ReportDialog } from '../../../components/report-dialog/report-dialog';
import iconButton from '../../../components/ui/icon-button.module.css';
import { CHAT_TEXT } from '../lib/chat-text';
import { toggleArchive } from '../lib/toggle-archive';
import { ActionSheet } from './action-sheet';
import { Icon } from '../../../components/ui/icon';

interface ChatPeerMenuProps {
  peerUserId: string;
  chatId: string;
  archived: boolean;
}

/** The chat's own menu: to or from the archive, report or block the peer without leaving the chat (the block closes it for both). */
export function ChatPeerMenu({ peerUserId, chatId, archived }: ChatPeerMenuProps) {
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [inArchive, setInArchive] = useState(archived);
  return (
    <>
      <button
        type="button"
        className={iconButton.iconButton}
        aria-label={CHAT_TEXT.chatActions}
        aria-haspopup="menu"
        onClick={() => setOpen(true)}
      >
        <Icon name="dots" size={22} />
      </button>
      {open && (
        <ActionSheet
          label={CHAT_TEXT.chatActions}
          actions={[
            {
              label: inArchive ? CHAT_TEXT.fromArchive : CHAT_TEXT.toArchive,
              run: () => void toggleArchive(chatId, !inArchive, setInArchive),
            },
            { label: CHAT_TEXT.report, run: () => setReporting(true) },
            { label: CHAT_TEXT.block, danger: true, run: () => void confirmBlock(peerUserId) },
          ]}
          onClose={() => setOpen(false)}
        />
      )}
      <ReportDialog open={reporting} onClose={() => setReporting(false)} reportedUserId={peerUserId} />
    </>
  );
}
