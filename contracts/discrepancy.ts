import { DISCREPANT_FIELD_LABELS, DISCREPANT_FIELDS, type DiscrepantField } from './moderation';

/** One-tap reasons of the partial reject, per field (each 20+ characters, so one tap makes a valid reason). */
export const DISCREPANT_PRESETS: Record<DiscrepantField, readonly string[]> = {
  displayName: ['Имя похоже на ненастоящее или чужое', 'В имени не должно быть ссылок и рекламы'],
  age: ['Возраст на фото не совпадает с датой рождения'],
  city: ['Укажите настоящий город, в котором вы живёте'],
  bio: ['В описании не должно быть контактов и ссылок', 'Описание нарушает правила сервиса'],
  heightCm: ['Указанный рост не похож на настоящий'],
  gender: ['Проверьте, верно ли выбрана ориентация'],
  photos: [
    'На фото должно быть хорошо видно ваше лицо',
    'Фото должны быть вашими, не из интернета',
    'На фото не должно быть текста и контактов',
  ],
};

const FIELD_OF_LABEL = new Map(DISCREPANT_FIELDS.map((field) => [DISCREPANT_FIELD_LABELS[field], field]));
const TAGGED = /^\[([^\]]*)\]\s*([\s\S]*)$/;

/** A stored partial-reject reason ('[Имя, Фото] text', withFieldTags) split into its fields and the moderator's text. */
export function readFieldTags(reason: string): { fields: DiscrepantField[]; text: string } {
  const tagged = TAGGED.exec(reason);
  if (!tagged) return { fields: [], text: reason };
  const fields = tagged[1]!.split(',').flatMap((label) => FIELD_OF_LABEL.get(label.trim()) ?? []);
  return { fields: DISCREPANT_FIELDS.filter((f) => fields.includes(f)), text: tagged[2]! };
}

/**
 * The reason as a person reads it: 'Имя, Фото: text', not the stored '[Имя, Фото] text'. `omit` leaves fields unnamed
 * (the bot's lock-screen text never names the orientation, AMENDMENTS §1.7).
 */
export function reasonInWords(reason: string, omit: readonly DiscrepantField[] = []): string {
  const { fields, text } = readFieldTags(reason);
  const named = fields.filter((f) => !omit.includes(f)).map((f) => DISCREPANT_FIELD_LABELS[f]);
  return named.length ? `${named.join(', ')}: ${text}` : text;
}
