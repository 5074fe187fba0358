import { MODERATION_TYPE_LABELS } from '../../contracts/moderation';
import { SEX_LABELS, type Sex } from '../../contracts/profile-fields';
import { decisionLine, personLabel, type DecisionFacts } from '../../contracts/moderation-outcome';
import { REPORT_REASON_LABELS, REPORT_TYPE_LABELS, SCREENING_REPORTER_ID } from '../../contracts/reports';
import { ageOn } from '../../db/matching/age-band';
import type { ModerationItem } from '../../db/moderation/moderation-item.entity';
import type { Profile } from '../../db/profiles/profile.entity';
import type { Report } from '../../db/reports/report.entity';
import type { User } from '../../db/users/user.entity';

// Posts may be read on a lock screen too: no orientation in them (AMENDMENTS §1.7); the panel shows everything.
const FIELD_NAMES: Record<string, string> = {
  displayName: 'Имя',
  city: 'Город',
  bio: 'О себе',
  heightCm: 'Рост',
  lookingFor: 'Цели',
};
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : Array.isArray(value) ? value.join(', ') || '—' : clip(String(value), 300);
const who = (user: User | null | undefined, id: number) => `${personLabel(user, id)} · id ${id}`;
/** The sex as chosen (AMENDMENTS §5.2), so a moderator can check it against the photos. */
const sexLine = (sex: unknown) =>
  `Пол: ${typeof sex === 'string' && sex in SEX_LABELS ? SEX_LABELS[sex as Sex].toLowerCase() : 'не указан'}`;

function itemDetails(item: ModerationItem, profile: Profile | null): string[] {
  const p = item.payload as Record<string, unknown>;
  switch (item.type) {
    case 'INITIAL': {
      const age = typeof p.birthDate === 'string' ? `, ${ageOn(p.birthDate, new Date())}` : '';
      return [`Имя: ${show(p.displayName)}${age}`, sexLine(p.sex), `Город: ${show(p.city)}`];
    }
    case 'PROFILE_DESCRIPTION':
      return [`О себе: ${show(p.bio)}`, `Рост: ${show(p.heightCm)}`];
    case 'PROFILE_EDIT': {
      const changes = (p.changes ?? {}) as Record<string, unknown>;
      const previous = (p.previous ?? {}) as Record<string, unknown>;
      const lines = Object.keys(changes)
        .filter((k) => k in FIELD_NAMES)
        .map((k) => `${FIELD_NAMES[k]}: ${show(previous[k])} → ${show(changes[k])}`);
      const hidden = Object.keys(changes).some((k) => !(k in FIELD_NAMES) && k !== 'place');
      return [...lines, ...(hidden ? ['Другие поля изменены — подробности в панели'] : [])];
    }
    case 'PHOTOS':
      return [`Фото: ${Array.isArray(p.photos) ? p.photos.length : 0}${profile ? ` · ${profile.displayName}` : ''}`, sexLine(profile?.sex)];
  }
}

/** The post about a moderation item: what it is, whose, and the fields to check. */
export function itemPostText(item: ModerationItem, user: User | null, profile: Profile | null): string {
  return [`${MODERATION_TYPE_LABELS[item.type]} · заявка #${item.id}`, who(user, item.userId), '', ...itemDetails(item, profile)].join(
    '\n',
  );
}

/** Who files screening's reports (issue #27). */
export const AUTOMATIC_REPORTER = 'автоматическая проверка фото';

/** A screening report says how many chat photos were refused that day (the photos themselves were never stored). */
function screeningLines(report: Report): string[] {
  if (report.reporterId !== SCREENING_REPORTER_ID) return [];
  const { refusedToday } = report.context as { refusedToday?: number };
  return [`Отклонено чат-фото за день: ${refusedToday ?? '—'} (сами фото не сохранялись)`];
}

/** The post about a report: on whom, why, by whom, and the reported message when there is one. */
export function reportPostText(report: Report, reported: User | null, reporter: User | null): string {
  const context = report.context as { text?: string | null; messageType?: string };
  const message =
    report.reportType === 'MESSAGE'
      ? [`Сообщение: ${context.text ? `«${clip(context.text, 400)}»` : context.messageType === 'PHOTO' ? '[фото]' : '—'}`]
      : [];
  return [
    `Жалоба #${report.id} · ${REPORT_TYPE_LABELS[report.reportType]}`,
    `На: ${who(reported, report.reportedUserId)}`,
    `Причина: ${REPORT_REASON_LABELS[report.reason]}`,
    ...(report.description ? [`Описание: ${clip(report.description, 500)}`] : []),
    ...message,
    ...screeningLines(report),
    `От: ${report.reporterId === SCREENING_REPORTER_ID ? AUTOMATIC_REPORTER : who(reporter, report.reporterId)}`,
  ].join('\n');
}

/** The line appended to every post once decided. */
export function outcomeText(facts: DecisionFacts, reason: string | null): string {
  return [`Решение: ${decisionLine(facts)}`, ...(reason ? [`Причина: ${clip(reason, 300)}`] : [])].join('\n');
}

/** Appended to the posts of a pending item whose account was deleted (the item went with it). */
export const ACCOUNT_DELETED_NOTE = 'Аккаунт удалён — заявка закрыта.';
