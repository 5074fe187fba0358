import { InlineKeyboard } from 'grammy';

const REGIONS = ['RU_BY', 'WORLD'] as const;
export type Region = (typeof REGIONS)[number];

export const isRegion = (value: string): value is Region => (REGIONS as readonly string[]).includes(value);

/**
 * The mini app's URL for a route. An inline web-app button carries no start_param, so the region travels as
 * `?region=` on the URL, which the mini app reads next to the launch's start_param.
 */
export function miniAppUrl(publicUrl: string, route = '/', startParam?: Region): string {
  const url = new URL(route, `${publicUrl}/`);
  if (startParam) url.searchParams.set('region', startParam);
  return url.toString();
}

export function openAppKeyboard(publicUrl: string, opts: { text?: string; route?: string; startParam?: Region } = {}): InlineKeyboard {
  return new InlineKeyboard().webApp(opts.text ?? 'Открыть приложение', miniAppUrl(publicUrl, opts.route, opts.startParam));
}
