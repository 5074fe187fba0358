import { sign } from '@tma.js/init-data-node';

export interface DemoLaunchUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  allows_write_to_pm?: boolean;
}

/** Real initData for a demo user, signed with the development token exactly as Telegram would sign it. */
export function signLaunchData(user: DemoLaunchUser, botToken: string, opts: { startParam?: string; authDate?: Date } = {}): string {
  return sign(
    { user: { language_code: 'ru', ...user }, ...(opts.startParam ? { start_param: opts.startParam } : {}) },
    botToken,
    opts.authDate ?? new Date(),
  );
}

/** The launch parameters Telegram puts in the mini app URL's hash. */
export function launchHash(
  initData: string,
  opts: { startParam?: string; theme?: Record<string, string>; platform?: string } = {},
): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: opts.platform ?? 'web',
    tgWebAppThemeParams: JSON.stringify(opts.theme ?? {}),
  });
  if (opts.startParam) params.set('tgWebAppStartParam', opts.startParam);
  return `#${params.toString()}`;
}
