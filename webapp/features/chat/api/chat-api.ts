import {
  archiveSummarySchema,
  chatInfoResponseSchema,
  chatListResponseSchema,
  historyResponseSchema,
  markReadResponseSchema,
  sendResultSchema,
  setArchivedResponseSchema,
  stickerImportResponseSchema,
  stickersResponseSchema,
} from '../../../../contracts/chat';
import { uploadResponseSchema } from '../../../../contracts/media';
import { z } from 'zod';
import { apiGet, apiPost, apiUpload } from '../../../lib/api/api-client';
import { CHAT_IMAGE, compressImage } from '../../../lib/images/compress-image';
import { parseChatItems } from '../lib/chat-list-cache';

// Items are checked one by one below, so one malformed chat does not fail the whole page.
const chatListPageSchema = chatListResponseSchema.extend({ items: z.array(z.unknown()) });
export async function fetchChatList(cursor?: string | null) {
  const page = await apiGet('/chat/me', { query: { cursor: cursor ?? undefined }, schema: chatListPageSchema });
  return { ...page, items: parseChatItems(page.items) };
}
export const fetchArchiveSummary = () => apiGet('/chat/archive', { schema: archiveSummarySchema });
export const setChatArchived = (chatId: string, archived: boolean) =>
  apiPost('/chat/archive', { chatId, archived }, { schema: setArchivedResponseSchema });
export const fetchChatInfo = (chatId: string) => apiGet('/messages/chat-info', { query: { chatId }, schema: chatInfoResponseSchema });
export const fetchHistory = (chatId: string, cursor?: string | null) =>
  apiGet('/messages/history', { query: { chatId, cursor: cursor ?? undefined }, schema: historyResponseSchema });
export const markRead = (chatId: string, seq?: number) =>
  apiPost('/messages/mark-as-read', { chatId, seq }, { schema: markReadResponseSchema });
export const fetchStickers = () => apiGet('/stickers/all', { schema: stickersResponseSchema });
export const importStickerPack = (telegramUrl: string) =>
  apiPost('/stickers/import', { telegramUrl }, { schema: stickerImportResponseSchema });
export const sendSticker = (chatId: string, stickerId: string, clientId: string) =>
  apiPost('/messages/send-sticker', { chatId, stickerId, clientId }, { schema: sendResultSchema });

/**
 * Compresses (side 1440, quality 0.85) and uploads a chat photo as a media image; returns its id. With the chat, the
 * server screens it against that chat at once: a refused photo is never stored (400 PHOTO_REFUSED).
 */
export async function uploadChatImage(file: File, chatId: string): Promise<string> {
  const blob = await compressImage(file, CHAT_IMAGE);
  const uploaded = await apiUpload('/cdn/images/upload', blob, {
    fields: { variant: 'media', chatId },
    filename: file.name,
    schema: uploadResponseSchema,
  });
  return uploaded.id;
}

/** Sends an uploaded photo with its caption; a resend with the same clientId returns the stored message (duplicate: true). */
export const sendImage = (chatId: string, imageId: string, clientId: string, caption?: string | null, replyToId?: string) =>
  apiPost(
    '/messages/send-image',
    { chatId, imageId, clientId, ...(caption ? { caption } : {}), ...(replyToId ? { replyToId } : {}) },
    { schema: sendResultSchema },
  );

let counter = 0;
/** A fresh clientId per message, reused on every retry of it. */
export const newClientId = () => `c${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
