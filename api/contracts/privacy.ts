/** Auto-delete periods of a user's messages (end-user.md §3 Privacy settings; default HALF_YEAR). */
export const AUTO_DELETE_PERIODS = ['DAY', 'WEEK', 'MONTH', 'HALF_YEAR'] as const;
export type AutoDeletePeriod = (typeof AUTO_DELETE_PERIODS)[number];
export const DEFAULT_AUTO_DELETE_PERIOD: AutoDeletePeriod = 'HALF_YEAR';

/** Days a message lives under each period; a chat uses the shorter of its two members' periods. */
export const AUTO_DELETE_DAYS: Record<AutoDeletePeriod, number> = { DAY: 1, WEEK: 7, MONTH: 30, HALF_YEAR: 182 };
