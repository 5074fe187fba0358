export type Region = 'RU_BY' | 'WORLD';

const KEY = 'region';

/** Keeps the region from the launch start parameter; without one the last stored value stays. */
export function rememberRegion(startParam: string | null | undefined): Region {
  const fromLaunch = startParam === 'RU_BY' || startParam === 'WORLD' ? startParam : null;
  try {
    if (fromLaunch) localStorage.setItem(KEY, fromLaunch);
  } catch {
    // Storage may be unavailable (private mode); the value still applies to this session.
  }
  return fromLaunch ?? getRegion();
}

export function getRegion(): Region {
  try {
    return localStorage.getItem(KEY) === 'WORLD' ? 'WORLD' : 'RU_BY';
  } catch {
    return 'RU_BY';
  }
}
