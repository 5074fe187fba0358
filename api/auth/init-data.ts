import { ExpiredError, validate } from '@tma.js/init-data-node';
import { AppError, MESSAGES } from '../../contracts/errors';
import { launchUserSchema } from '../../contracts/user';
import type { VerifiedLaunch } from '../context';

const nowS = () => Date.now() / 1000;

function jsonOrUndefined(text: string | null): unknown {
  try {
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How far ahead of our clock an auth_date may be (Telegram's and ours drift a little, never by minutes). */
const MAX_CLOCK_SKEW_S = 60;

/**
 * Validates raw initData per Telegram's Web App rules (HMAC-SHA-256 keyed by the bot token,
 * constant-time comparison inside the library) and returns the launch user.
 */
export function verifyInitData(raw: string | undefined, botToken: string, maxAgeS: number): VerifiedLaunch {
  if (!raw) throw new AppError('UNAUTHORIZED', MESSAGES.initDataMissing);
  try {
    validate(raw, botToken, { expiresIn: maxAgeS });
  } catch (err) {
    const message = ExpiredError.is(err) ? MESSAGES.initDataExpired : MESSAGES.initDataInvalid;
    throw new AppError('UNAUTHORIZED', message);
  }
  // Read the three fields we use directly: the library's full parse cost several times the signature check on every request.
  const params = new URLSearchParams(raw);
  const user = launchUserSchema.safeParse(jsonOrUndefined(params.get('user')));
  if (!user.success) throw new AppError('UNAUTHORIZED', MESSAGES.initDataInvalid);
  const authDate = Number.parseInt(params.get('auth_date') ?? '', 10);
  // A launch dated in the future would outlive the max age (signed by a leaked or demo token, or a skewed clock).
  if (!(authDate <= nowS() + MAX_CLOCK_SKEW_S)) throw new AppError('UNAUTHORIZED', MESSAGES.initDataInvalid);
  return {
    user: user.data,
    authDate,
    startParam: params.get('start_param') ?? null,
    raw,
  };
}
