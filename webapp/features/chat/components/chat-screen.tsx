import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CHAT_MESSAGES, READ_ONLY_NOTICES, type ChatMessage } from '../../../../api/contracts/chat';
import { ReportDialog } from '../../../components/report-dialog/report-dialog';
import { Button } from '../../../components/ui/button';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { useChannel } from '../../../lib/realtime/use-channel';
import { useSession } from '../../session/stores/session-store';
import { useConversation } from '../hooks/use-conversation';
import { groupMessages } from '../lib/chat-format';
import { CHAT_TEXT } from '../lib/chat-text';
import { ChatAvatar } from './chat-avatar';
import { Composer } from './composer';
import { MessageBubble, PendingBubble } from './message-bubble';
import { useChatList } from '../stores/chat-list-store';
import { StickerPanel } from './sticker-panel';
import styles from './chat-screen.module.css';

/** Within this many px of the top the older page loads; within it of the bottom counts as 'at the bottom'. */
export const EDGE_PX = 24;

/** /messages/{chatId}: one conversation (end-user.md §2 Chat). */
export default function ChatScreen() {
  const { chatId = '' } = useParams();
  return <Conversation key={chatId} chatId={chatId} />;
}

function Conversation({ chatId }: { chatId: string }) {
  const navigate = useNavigate();
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  const chat = useConversation(chatId);
  const [stickersOpen, setStickersOpen] = useState(false);
  const [menuFor, setMenuFor] = useState<ChatMessage | null>(null);
  const [reportFor, setReportFor] = useState<ChatMessage | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const firstSeq = chat.messages[0]?.seq;

  // Keep the cached chat list current while this chat is open; what is seen at the bottom is not unread.
  useChannel('chats', (message) => {
    const list = useChatList.getState();
    list.apply(message, me);
    const about = (message.data as { chatId?: unknown } | undefined)?.chatId;
    if (message.t === 'newMessage' && about === chatId && atBottom.current) list.markReadLocal(chatId);
  });

  const title = chat.info?.title.trim() || CHAT_MESSAGES.untitled;
  const openPeer = () => navigate(`/u/by-chat/${encodeURIComponent(chatId)}`);

  // Keep the view where it was when an older page is prepended; follow new messages only at the bottom.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
      anchor.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [chat.messages, chat.pending.length, firstSeq]);

  useLayoutEffect(() => {
    if (chat.phase === 'ready' && atBottom.current) chat.markRead();
  });

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= EDGE_PX;
    if (atBottom.current) chat.markRead();
    if (el.scrollTop <= EDGE_PX && chat.hasOlder && !chat.loadingOlder) {
      anchor.current = { height: el.scrollHeight, top: el.scrollTop };
      void chat.loadOlder();
    }
  };

  const rows = groupMessages([
    ...chat.messages.map((m) => ({ kind: 'stored' as const, m, senderId: m.senderId, createdAt: m.createdAt })),
    ...chat.pending.map((p) => ({ kind: 'pending' as const, p, senderId: me, createdAt: p.createdAt })),
  ]);
  const notice = chat.info?.readOnly ? (chat.info.notice ?? (chat.info.readOnlyReason ? READ_ONLY_NOTICES[chat.info.readOnlyReason] : CHAT_MESSAGES.unavailable)) : null;

  return (
    <section className={styles.screen}>
      <ScreenTitle>{CHAT_TEXT.chatTitle}</ScreenTitle>
      <header className={styles.header}>
        <button type="button" className={styles.back} aria-label={CHAT_TEXT.back} onClick={() => navigate('/chat')}>
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
            <path d="m15 5-7 7 7 7" />
          </svg>
        </button>
        {chat.info && (
          <button type="button" className={styles.peer} onClick={openPeer} aria-label={`Профиль: ${title}`}>
            <ChatAvatar title={title} url={chat.info.avatarUrl} size={38} />
            <span className={styles.peerText}>
              <span className={styles.peerTitle}>{title}</span>
              <span className={chat.info.isOnline ? styles.online : styles.offline}>{chat.info.isOnline ? CHAT_TEXT.online : CHAT_TEXT.recently}</span>
            </span>
          </button>
        )}
      </header>
      {chat.phase === 'loading' && <Spinner />}
      {chat.phase === 'error' && (
        <div className={styles.state} role="alert">
          <p>{chat.error ?? CHAT_TEXT.loadError}</p>
          <Button onClick={chat.reload}>{CHAT_TEXT.retry}</Button>
        </div>
      )}
      {chat.phase === 'ready' && (
        <>
          <div ref={list} className={styles.messages} onScroll={onScroll} data-testid="message-list">
            {chat.loadingOlder && <Spinner />}
            {rows.length === 0 && <p className={styles.hint}>{CHAT_TEXT.noMessages}</p>}
            <ol className={styles.list}>
              {rows.map(({ message: row, first, last }) =>
                row.kind === 'stored' ? (
                  <MessageBubble key={`s${row.m.seq}`} message={row.m} own={me !== null && row.m.senderId === me} first={first} last={last} onMenu={row.m.senderId && row.m.senderId !== me ? setMenuFor : undefined} />
                ) : (
                  <PendingBubble key={`p${row.p.clientId}`} message={row.p} first={first} last={last} />
                ),
              )}
            </ol>
          </div>
          {menuFor && (
            <div className={styles.menuBackdrop} onClick={() => setMenuFor(null)}>
              <div className={styles.menu} role="menu" aria-label="Действия с сообщением" onClick={(e) => e.stopPropagation()}>
                <button
                  type="button"
                  role="menuitem"
                  className={styles.menuDanger}
                  onClick={() => {
                    setReportFor(menuFor);
                    setMenuFor(null);
                  }}
                >
                  {CHAT_TEXT.report}
                </button>
                <button type="button" role="menuitem" onClick={() => setMenuFor(null)}>
                  Отмена
                </button>
              </div>
            </div>
          )}
          {reportFor && (
            <ReportDialog open onClose={() => setReportFor(null)} reportedUserId={reportFor.senderId ?? chat.info?.peerUserId ?? ''} messageId={reportFor.id} />
          )}
          {notice ? (
            <p className={styles.readOnly} role="status">
              {notice}
            </p>
          ) : (
            <>
              {stickersOpen && (
                <StickerPanel
                  onPick={(s) => {
                    setStickersOpen(false);
                    atBottom.current = true;
                    void chat.sendSticker(s.id, s.imageUrl);
                  }}
                />
              )}
              <Composer
                chatId={chatId}
                stickersOpen={stickersOpen}
                onToggleStickers={() => setStickersOpen((v) => !v)}
                onSend={(text) => {
                  atBottom.current = true;
                  chat.sendText(text);
                }}
                onAttach={(file) => {
                  atBottom.current = true;
                  void chat.sendPhoto(file);
                }}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
