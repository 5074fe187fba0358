const HOUR_MS = 3_600_000;

/** end-user.md §9 relative time: under 1 h 'Только что', under 24 h 'N ч назад', under 48 h 'Вчера', else a short ru-RU date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const age = now.getTime() - at.getTime();
  if (age < HOUR_MS) return 'Только что';
  if (age < 24 * HOUR_MS) return `${Math.floor(age / HOUR_MS)} ч назад`;
  if (age < 48 * HOUR_MS) return 'Вчера';
  return at.toLocaleDateString('ru-RU');
}
