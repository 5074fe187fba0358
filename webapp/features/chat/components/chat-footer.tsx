import { useState } from 'react';
import type { ChatMessage } from '../../../../contracts/chat';
import { Composer } from './composer';
import { PhotoPreview } from './photo-preview';
import { ReplyBar } from './reply-bar';
import { StickerPanel } from './sticker-panel';
import styles from './chat-screen.module.css';
import { Icon } from '../../../components/ui/icon';

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
        <Icon name="lock" size={16} strokeWidth={2} />
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
