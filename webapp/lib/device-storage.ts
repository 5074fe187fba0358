import { getInitData } from './init-data';

/** The Telegram user id in raw launch data (its `user` field), or null. */
export function launchUserId(initData: string): number | null {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'number' && Number.isSafeInteger(user.id) ? user.id : null;
  } catch {
    return null;
  }
}

/** `name` for the Telegram account of `initData`; null without one (then nothing is read or kept). */
export function accountKeyOf(name: string, initData: string): string | null {
  const id = launchUserId(initData);
  return id === null ? null : `${name}@${id}`;
}

const accountKey = (name: string) => accountKeyOf(name, getInitData());

/**
 * What the mini app keeps on the device, always per Telegram account (AMENDMENTS §5.7): two accounts sharing one
 * web storage never see each other's card, drafts or settings. Unavailable storage reads as empty and keeps nothing.
 */
export const deviceStorage = {
  get(name: string): string | null {
    const key = accountKey(name);
    try {
      return key === null ? null : localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(name: string, value: string): void {
    const key = accountKey(name);
    try {
      if (key !== null) localStorage.setItem(key, value);
    } catch {
      // Storage full or blocked: kept for this session only.
    }
  },
  remove(name: string): void {
    const key = accountKey(name);
    try {
      if (key !== null) localStorage.removeItem(key);
    } catch {
      // nothing to remove
    }
  },
};

// Stored by versions that kept no account in the key: nobody can tell whose they are, so they go.
const UNKEYED = [/^explore\.currentCard$/, /^onboarding-draft$/, /^chat-draft:/, /^region$/, /^theme-mode$/];

/** Removes what earlier versions kept on the device without an account. */
export function dropUnkeyedEntries(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
    for (const key of keys) if (UNKEYED.some((pattern) => pattern.test(key))) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
