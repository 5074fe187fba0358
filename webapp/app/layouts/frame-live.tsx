import { useChatListLive } from '../../features/chat/hooks/use-chat-list-live';
import { useMessageBanner } from '../../features/chat/hooks/use-message-banner';
import { useLiveCounters } from '../../features/counters/hooks/use-live-counters';
import { useUnreadSummary } from '../../features/counters/hooks/use-unread-summary';
import { useLikesNotices } from '../../features/likes/hooks/use-likes-notices';
import { useKeyboardShortcuts } from './use-keyboard-shortcuts';

/**
 * What the frame keeps live while any screen shows: the unread counts and their summary, match and like notices, the
 * chat list's and a new message's pushes over the socket, the keyboard shortcuts. It draws nothing, and its module
 * loads beside the first screen rather than before it (issue 39: start-up's JavaScript); the page preloads it.
 */
export default function FrameLive() {
  useKeyboardShortcuts();
  useUnreadSummary();
  useLiveCounters();
  useLikesNotices();
  useChatListLive();
  useMessageBanner();
  return null;
}
