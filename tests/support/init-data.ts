import { signLaunchData, type DemoLaunchUser } from '../../bot/dev/sign-launch';

export const TEST_BOT_TOKEN = '1000000002:TEST-token-for-automated-tests';

let nextId = 500_000_000 + Math.floor(Math.random() * 1_000_000);
/** A Telegram id no other test in this file uses. */
export const freshTelegramId = () => nextId++;

export function testLaunchUser(overrides: Partial<DemoLaunchUser> = {}): DemoLaunchUser {
  return { id: freshTelegramId(), first_name: 'Тест', username: 'tester', ...overrides };
}

/** initData signed with the test token, as Telegram would sign it. */
export function signInitData(user: DemoLaunchUser, opts: { authDate?: Date; token?: string; startParam?: string } = {}): string {
  return signLaunchData(user, opts.token ?? TEST_BOT_TOKEN, opts);
}

/** The header the mini app sends its initData in (never the URL: proxy logs keep URLs). */
export const tmaHeader = (initData: string) => ({ Authorization: `tma ${initData}` });
