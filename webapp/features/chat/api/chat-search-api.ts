import { chatItemsResponseSchema } from '../../../../contracts/chat';
import { apiGet } from '../../../lib/api/api-client';

/** The archived chats, as chat list rows. */
export const fetchArchivedChats = async () => (await apiGet('/chat/archived', { schema: chatItemsResponseSchema })).items;

/** The user's chats whose peer's name contains `text` (archived ones too). */
export const searchChats = async (text: string, signal?: AbortSignal) =>
  (await apiGet('/chat/search', { query: { q: text }, schema: chatItemsResponseSchema, signal })).items;
