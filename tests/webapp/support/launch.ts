/** Launch data as Telegram puts it in the mini app URL's hash (hash and signature are not checked: the server is stubbed). */
export const TEST_INIT_DATA = new URLSearchParams({
  user: JSON.stringify({ id: 100010, first_name: 'Артём', username: 'demo_user_1', language_code: 'ru' }),
  auth_date: '1700000000',
  signature: 'c2lnbmF0dXJl',
  hash: 'f'.repeat(64),
}).toString();

export function setLaunchHash(
  opts: { initData?: string | null; platform?: string; theme?: Record<string, string>; startParam?: string } = {},
): void {
  const params = new URLSearchParams({
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: opts.platform ?? 'web',
    tgWebAppThemeParams: JSON.stringify(opts.theme ?? {}),
  });
  if (opts.initData !== null) params.set('tgWebAppData', opts.initData ?? TEST_INIT_DATA);
  if (opts.startParam) params.set('tgWebAppStartParam', opts.startParam);
  window.history.replaceState(null, '', `/#${params.toString()}`);
}
