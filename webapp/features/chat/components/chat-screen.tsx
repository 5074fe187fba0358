import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { ChatInfo, ChatMessage } from '../../../../contracts/chat';
import { ReportDialog } from '../../../components/report-dialog/report-dialog';
import { Button } from '../../../components/ui/button';
import { confirmAction } from '../../../components/ui/confirm-store';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { Spinner } from '../../../components/ui/spinner';
import { takeOverEarlyCard } from '../../../lib/early-card-handoff';
import { useChannel } from '../../../lib/realtime/use-channel';
import { useSession } from '../../../lib/session/session-store';
import { useConversation } from '../hooks/use-conversation';
import { useMessageScroll } from '../hooks/use-message-scroll';
import { CHAT_TEXT } from '../lib/chat-text';
import { closedNotice } from '../lib/closed-chat';
import { buildRows } from '../lib/message-rows';
import { applyChatsPush, markChatReadInList } from '../lib/chat-list-link';
import { ChatFooter } from './chat-footer';
import { ChatHeader } from './chat-header';
import { MessageList } from './message-list';
import { MessageMenu, type MenuTarget } from './message-menu';
import { PhotoViewer } from './photo-viewer';
import styles from './chat-screen.module.css';

/** /messages/{chatId}: one conversation (end-user.md §2 Chat). */
export default function ChatScreen() {
  const { chatId = '' } = useParams();
  return <Conversation key={chatId} chatId={chatId} />;
}

const noticeOf = (info: ChatInfo | null) => (info ? closedNotice(info) : null);

function Conversation({ chatId }: { chatId: string }) {
  const me = useSession((s) => (s.user ? String(s.user.telegramId) : null));
  const chat = useConversation(chatId);
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const [answering, setReplyTo] = useState<ChatMessage | null>(null);
  // A reply being written to a message that its author deletes meanwhile quotes nothing.
  const replyTo = answering && chat.messages.some((m) => m.id === answering.id && m.deleted) ? null : answering;
  // The open photo lives in the history entry, so Back (Telegram's or the system's) closes it.
  const location = useLocation();
  const navigate = useNavigate();
  const viewing = (location.state as { photo?: unknown } | null)?.photo;
  const openPhoto = (url: string) => navigate(location.pathname + location.search, { state: { photo: url } });
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
    applyChatsPush(message, me);
    const about = (message.data as { chatId?: unknown } | undefined)?.chatId;
    if (message.t === 'newMessage' && about === chatId && scroll.isAtBottom() && document.visibilityState !== 'hidden')
      markChatReadInList(chatId);
  });

  useLayoutEffect(() => {
    if (chat.phase === 'ready' && scroll.isAtBottom()) chat.markRead();
  });
  // The page's plain-DOM chat (webapp/boot) gives way in the frame this screen first draws the messages (or an error).
  const loading = chat.phase === 'loading';
  useLayoutEffect(() => {
    if (!loading) takeOverEarlyCard();
  }, [loading]);

  const notice = noticeOf(chat.info);
  const unseen =
    scroll.awayFromSeq === null ? 0 : chat.messages.filter((m) => m.seq > (scroll.awayFromSeq ?? 0) && m.senderId !== me).length;
  // What the viewer sends scrolls the view back to the bottom.
  const sending =
    <A extends unknown[]>(send: (...args: A) => void) =>
    (...args: A) => {
      scroll.stickToBottom();
      send(...args);
    };
  const answered =
    <A extends unknown[]>(send: (...args: A) => void) =>
    (...args: A) => {
      setReplyTo(null);
      sending(send)(...args);
    };
  const remove = async (message: ChatMessage) => {
    if (
      await confirmAction({ title: CHAT_TEXT.deleteTitle, message: CHAT_TEXT.deleteHint, confirmText: CHAT_TEXT.delete, destructive: true })
    )
      chat.deleteMessage(message.id);
  };

  return (
    <section className={styles.screen}>
      <ScreenTitle>{CHAT_TEXT.chatTitle}</ScreenTitle>
      <ChatHeader chatId={chatId} info={chat.info} connecting={!chat.activity.connected} peerTyping={chat.activity.peerTyping} />
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
            peerReadSeq={chat.peerReadSeq}
            onOpenPhoto={openPhoto}
            onSayHi={notice ? undefined : () => sending(chat.sendText)(CHAT_TEXT.greeting)}
          />
          {menu && (
            <MessageMenu
              target={menu}
              onClose={() => setMenu(null)}
              onReport={setReportFor}
              onRetry={sending(chat.retry)}
              onDiscard={chat.discard}
              onReply={notice ? undefined : setReplyTo}
              onDelete={(m) => void remove(m)}
            />
          )}
          {reportFor && (
            <ReportDialog
              open
              onClose={() => setReportFor(null)}
              reportedUserId={reportFor.senderId ?? chat.info?.peerUserId ?? ''}
              messageId={reportFor.id}
            />
          )}
          <ChatFooter
            chatId={chatId}
            notice={notice}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSendText={answered(chat.sendText)}
            onSendPhoto={answered(chat.sendPhoto)}
            onSendSticker={sending(chat.sendSticker)}
            onTyping={chat.activity.notifyTyping}
          />
          {typeof viewing === 'string' && <PhotoViewer url={viewing} onClose={() => navigate(-1)} />}
        </>
      )}
    </section>
  );
}
