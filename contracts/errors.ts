const ERROR_STATUS = {
  BAD_REQUEST: 400,
  // Screening refusals (contracts/screening.ts): 400s a client tells apart by `error`.
  PHOTO_REFUSED: 400,
  STICKER_PACK_REFUSED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  BANNED: 403,
  RELEASE_SOON: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error body every HTTP route answers with. */
export interface ErrorBody {
  ok: false;
  error: ErrorCode;
  message: string;
  /** The request field a 400 is about ('birthDate', 'photos.1'), when there is one: forms route by it, not by the wording. */
  field?: string;
  [extra: string]: unknown;
}

/** A refusal meant for the client: its message is shown to users as is. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** Refusals a client may be shown, some of which the mini app also recognises (a 404 of ours, an expired session). */
export const MESSAGES = {
  forbidden: 'Доступ запрещён',
  banned: 'Доступ ограничен',
  notFound: 'Не найдено',
  internal: 'Внутренняя ошибка сервера',
  unavailable: 'Сервис временно недоступен. Попробуйте через несколько секунд',
  initDataMissing: 'initData отсутствует',
  initDataInvalid: 'Не удалось подтвердить пользователя',
  initDataExpired: 'Данные сессии устарели. Перезагрузите WebApp.',
  releaseSoon: 'Приложение скоро откроется',
} as const;

/** Refusals only the server words (request bodies, the webhook, operations): the mini app shows them as sent and never
 * refers to them, so its bundle does not carry them. */
export const SERVER_MESSAGES = {
  identityMismatch: 'Идентификатор пользователя не совпадает с данными запуска',
  badJson: 'Некорректный JSON в теле запроса',
  tooLarge: 'Слишком большой запрос',
  badBody: 'Некорректное тело запроса',
  bodyNotObject: 'Тело запроса должно быть JSON-объектом',
  unsupportedBody: 'Неподдерживаемый формат запроса: ожидается JSON',
  nulCharacter: 'Недопустимый символ в запросе',
  webhookSecret: 'Неверный секретный токен вебхука',
  webhookMethod: 'Вебхук принимает только POST',
  webhookUpdate: 'Тело запроса не является обновлением Telegram',
  metricsToken: 'Неверный токен метрик',
  notReady: 'Сервис ещё не готов',
} as const;
