import { describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from '../../../webapp/features/chat/lib/drafts';
import { loadDraft, saveDraft } from '../../../webapp/features/onboarding/lib/onboarding-draft';
import { deviceStorage, dropUnkeyedEntries, launchUserId } from '../../../webapp/lib/device-storage';
import { setInitData } from '../../../webapp/lib/init-data';
import { getRegion, rememberRegion } from '../../../webapp/lib/region';
import { readThemeMode, setThemeMode } from '../../../webapp/lib/theme/theme-mode';

const launchOf = (id: number) => new URLSearchParams({ user: JSON.stringify({ id, first_name: 'Тест' }), hash: 'f' }).toString();
const as = (id: number) => setInitData(launchOf(id));

describe('what the mini app keeps on the device (AMENDMENTS §5.7)', () => {
  it('is keyed by the launch user’s Telegram id: another account on the same device reads none of it', () => {
    as(501);
    saveDraft({ displayName: 'Аня', sex: 'FEMALE' });
    writeDraft('77', 'привет');
    rememberRegion('WORLD');
    setThemeMode('dark');
    as(502);
    expect(loadDraft()).toMatchObject({ displayName: '', sex: null });
    expect(readDraft('77')).toBe('');
    expect(getRegion()).toBe('RU_BY');
    expect(readThemeMode()).toBe('telegram');
    as(501);
    expect(loadDraft()).toMatchObject({ displayName: 'Аня', sex: 'FEMALE' });
    expect(readDraft('77')).toBe('привет');
    expect(getRegion()).toBe('WORLD');
    expect(readThemeMode()).toBe('dark');
  });

  it('keeps nothing without a launch user', () => {
    setInitData('');
    deviceStorage.set('explore.currentCard', '{}');
    expect(localStorage.length).toBe(0);
    expect(deviceStorage.get('explore.currentCard')).toBeNull();
    expect(launchUserId('user=%7B%7D')).toBeNull();
    expect(launchUserId('user=not-json')).toBeNull();
  });

  it('drops what earlier versions kept without an account, and nothing else', () => {
    for (const key of ['explore.currentCard', 'onboarding-draft', 'chat-draft:5', 'region', 'theme-mode']) localStorage.setItem(key, 'x');
    localStorage.setItem('explore.currentCard@501', 'kept');
    localStorage.setItem('chat-list:v1:501', 'kept');
    dropUnkeyedEntries();
    expect(Object.keys(localStorage).sort()).toEqual(['chat-list:v1:501', 'explore.currentCard@501']);
  });
});
