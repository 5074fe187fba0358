import { useLayoutEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { CHAT_MESSAGES, READ_ONLY_NOTICES, type ChatInfo, type ChatMessage } from '../../../../api/contracts/chat';
import { ReportDialog } from '../../../components/report-dialog/report-dialog';
import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { useChannel } from '../../../lib/realtime/use-channel';
import { useSession } from '../../session/stores/session-store';
import { useConversation } from '../hooks/use-conversation';
import { useMessageScroll } from '../hooks/use-message-scroll';
import { CHAT_TEXT } from '../lib/chat-text';
import { buildRows } from '../lib/message-rows';
import { useChatList } from '../stores/chat-list-store';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { MessageMenu, type MenuTarget } from './message-menu';
import { StickerPanel } from './sticker-panel';
import styles from './chat-screen.module.css';

/** /messages/{chatId}: one conversation (end-user.md §2 Chat). */
export default function ChatScreen() {
  const { chatId = '' } = useParams();
  return <Conversation key={chatId} chatId={chatId} />;
}

const noticeOf = (info: ChatInfo | null) =>
  info?.readOnly ? (info.notice ?? (info.readOnlyReason ? READ_ONLY_NOTICES[info.readOnlyReason] : CHAT_MESSAGES.unavailable)) : null;

function Conversation({ chatId }: { chatId: string }) {
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  const chat = useConversation(chatId);
  const [stickersOpen, setStickersOpen] = useState(false);
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const [reportFor, setReportFor] = useState<ChatMessage | null>(null);
  const lastSeq = chat.messages.at(-1)?.seq ?? 0;
  const scroll = useMessageScroll({
    ready: chat.phase === 'ready',
    contentKey: `${chat.messages.length}:${lastSeq}:${chat.pending.length}`,
    firstSeq: chat.messages[0]?.seq,
    lastSeq,
    canLoadOlder: chat.hasOlder && !chat.loadingOlder,
    loadOlder: () => void chat.loadOlder(),
    onBottom: chat.markRead,
  });

  // Keep the cached chat list current while this chat is open; what is seen at the bottom is not unread.
  useChannel('chats', (message) => {
    const list = useChatList.getState();
    list.apply(message, me);
    const about = (message.data as { chatId?: unknown } | undefined)?.chatId;
    if (message.t === 'newMessage' && about === chatId && scroll.isAtBottom() && document.visibilityState !== 'hidden') list.markReadLocal(chatId);
  });

  useLayoutEffect(() => {
    if (chat.phase === 'ready' && scroll.isAtBottom()) chat.markRead();
  });

  const notice = noticeOf(chat.info);
  const unseen = scroll.awayFromSeq === null ? 0 : chat.messages.filter((m) => m.seq > (scroll.awayFromSeq ?? 0) && m.senderId !== me).length;
  // What the viewer sends scrolls the view back to the bottom.
  const sending =
    <A extends unknown[]>(send: (...args: A) => void) =>
    (...args: A) => {
      scroll.stickToBottom();
      send(...args);
    };

  return (
    <section className={styles.screen}>
      <ScreenTitle>{CHAT_TEXT.chatTitle}</ScreenTitle>
      <ChatHeader chatId={chatId} info={chat.info} />
      {chat.phase === 'loading' && <Spinner />}
      {chat.phase === 'error' && (
        <div className={styles.state} role="alert">
          <p>{chat.error ?? CHAT_TEXT.loadError}</p>
          <Button onClick={chat.reload}>{CHAT_TEXT.retry}</Button>
        </div>
      )}
      {chat.phase === 'ready' && (
        <>
          <MessageList
            rows={buildRows(chat.messages, chat.pending, me)}
            scroll={scroll}
            loadingOlder={chat.loadingOlder}
            unseen={unseen}
            onMenu={setMenu}
            onRetry={sending(chat.retry)}
            onSayHi={notice ? undefined : () => sending(chat.sendText)(CHAT_TEXT.greeting)}
          />
          {menu && <MessageMenu target={menu} onClose={() => setMenu(null)} onReport={setReportFor} onRetry={sending(chat.retry)} onDiscard={chat.discard} />}
          {reportFor && <ReportDialog open onClose={() => setReportFor(null)} reportedUserId={reportFor.senderId ?? chat.info?.peerUserId ?? ''} messageId={reportFor.id} />}
          {notice ? (
            <p className={styles.readOnly} role="status">
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3" />
              </svg>
              {notice}
            </p>
          ) : (
            <>
              {stickersOpen && (
                <StickerPanel
                  onPick={(s) => {
                    setStickersOpen(false);
                    sending(chat.sendSticker)(s.id, s.imageUrl);
                  }}
                />
              )}
              <Composer
                chatId={chatId}
                stickersOpen={stickersOpen}
                onToggleStickers={() => setStickersOpen((v) => !v)}
                onSend={sending(chat.sendText)}
                onAttach={sending(chat.sendPhoto)}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
