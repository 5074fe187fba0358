import { parse, validate } from '@tma.js/init-data-node';
import { AppError, MESSAGES } from '../contracts/errors';
import { launchUserSchema } from '../contracts/user';
import type { VerifiedLaunch } from '../context';

/**
 * Validates raw initData per Telegram's Web App rules (HMAC-SHA-256 keyed by the bot token,
 * constant-time comparison inside the library) and returns the launch user.
 */
export function verifyInitData(raw: string | undefined, botToken: string, maxAgeS: number): VerifiedLaunch {
  if (!raw) throw new AppError('UNAUTHORIZED', MESSAGES.initDataMissing);
  try {
    validate(raw, botToken, { expiresIn: maxAgeS });
  } catch (err) {
    const message = (err as Error).name === 'ExpiredError' ? MESSAGES.initDataExpired : MESSAGES.initDataInvalid;
    throw new AppError('UNAUTHORIZED', message);
  }
  const parsed = parse(raw);
  const user = launchUserSchema.safeParse(parsed.user);
  if (!user.success) throw new AppError('UNAUTHORIZED', MESSAGES.initDataInvalid);
  return {
    user: user.data,
    authDate: Math.floor(parsed.auth_date.getTime() / 1000),
    startParam: parsed.start_param ?? null,
    raw,
  };
}
