import { deviceStorage } from './device-storage';

export type Region = 'RU_BY' | 'WORLD';

const KEY = 'region';

const asRegion = (value: string | null | undefined): Region | null => (value === 'RU_BY' || value === 'WORLD' ? value : null);

/** `?region=` of the page URL: the bot's inline web-app buttons cannot carry a start_param, so they send it there. */
export function regionFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('region');
}

/** Keeps the region from the launch start parameter, else from the URL; without either the last stored value stays. */
export function rememberRegion(startParam: string | null | undefined, urlRegion?: string | null): Region {
  const fromLaunch = asRegion(startParam) ?? asRegion(urlRegion);
  if (fromLaunch) deviceStorage.set(KEY, fromLaunch);
  return fromLaunch ?? getRegion();
}

export function getRegion(): Region {
  return deviceStorage.get(KEY) === 'WORLD' ? 'WORLD' : 'RU_BY';
}
