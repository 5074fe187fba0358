import { useState } from 'react';
import type { ChatMessage } from '../../../../api/contracts/chat';
import { Composer } from './composer';
import { PhotoPreview } from './photo-preview';
import { ReplyBar } from './reply-bar';
import { StickerPanel } from './sticker-panel';
import styles from './chat-screen.module.css';

interface ChatFooterProps {
  chatId: string;
  /** Why nobody may write (shown instead of the composer), or null. */
  notice: string | null;
  replyTo: ChatMessage | null;
  onCancelReply(): void;
  onSendText(text: string, replyToId?: string): void;
  onSendPhoto(file: File, caption: string, replyToId?: string): void;
  onSendSticker(stickerId: string, imageUrl: string): void;
  onTyping(): void;
}

/** Below the messages: the read-only notice, or the reply being written, the sticker panel, the composer and a picked photo's preview. */
export function ChatFooter({ chatId, notice, replyTo, onCancelReply, onSendText, onSendPhoto, onSendSticker, onTyping }: ChatFooterProps) {
  const [stickersOpen, setStickersOpen] = useState(false);
  const [picked, setPicked] = useState<File | null>(null);
  if (notice) {
    return (
      <p className={styles.readOnly} role="status">
        <svg
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3" />
        </svg>
        {notice}
      </p>
    );
  }
  const replyId = replyTo?.id;
  return (
    <>
      {stickersOpen && (
        <StickerPanel
          onPick={(s) => {
            setStickersOpen(false);
            onSendSticker(s.id, s.imageUrl);
          }}
        />
      )}
      {replyTo && <ReplyBar message={replyTo} onCancel={onCancelReply} />}
      <Composer
        chatId={chatId}
        stickersOpen={stickersOpen}
        onToggleStickers={() => setStickersOpen((v) => !v)}
        onSend={(text) => onSendText(text, replyId)}
        onAttach={setPicked}
        onTyping={onTyping}
      />
      {picked && (
        <PhotoPreview
          file={picked}
          onCancel={() => setPicked(null)}
          onSend={(caption) => {
            setPicked(null);
            onSendPhoto(picked, caption, replyId);
          }}
        />
      )}
    </>
  );
}
