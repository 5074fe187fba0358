// The calls a landing screen makes first, sent by the page's inline script with start-up's so their answers are back
// by the time the screen's code runs: the chat list's page and archive summary, a chat's info and history (a launch
// from a push). The URLs are those the API client builds (webapp/features/chat/api/chat-api.ts), so it takes them.
import type { EarlyCall } from '../lib/api/early-requests';
import { isExplorePath } from '../lib/explore-path';

const CHAT_PATH = /^\/messages\/([^/]+)$/;

function chatIdIn(path: string): string | null {
  const match = CHAT_PATH.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export function landingCalls(path: string): EarlyCall[] {
  if (isExplorePath(path)) return [{ method: 'GET', url: '/api/explore/first' }];
  if (path === '/chat') {
    return [
      { method: 'GET', url: '/api/chat/me' },
      { method: 'GET', url: '/api/chat/archive' },
    ];
  }
  const chatId = chatIdIn(path);
  if (chatId === null) return [];
  const query = new URLSearchParams({ chatId }).toString();
  return [
    { method: 'GET', url: `/api/messages/chat-info?${query}` },
    { method: 'GET', url: `/api/messages/history?${query}` },
  ];
}
