import { CHAT_MESSAGES } from '../contracts/chat';
import { RateLimiter } from '../middleware/rate-limiter';

/** Shared by the socket send and the HTTP photo/sticker sends: a person types far slower than this. */
export const messageLimiter = new RateLimiter({ limit: 30, windowMs: 10_000, message: CHAT_MESSAGES.tooFast });

/** Each import may hit the Bot API and store up to 120 pictures. */
export const stickerImportLimiter = new RateLimiter({ limit: 10, windowMs: 10 * 60_000, message: CHAT_MESSAGES.stickerImportTooFast });
