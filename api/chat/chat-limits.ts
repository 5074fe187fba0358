import { limiters } from '../middleware/rate-limits';

/** Shared by the socket send and the HTTP photo/sticker sends (RATE_LIMITS.messages). */
export const messageLimiter = limiters.messages;

/** POST /api/stickers/import (RATE_LIMITS.stickerImports). */
export const stickerImportLimiter = limiters.stickerImports;
