import { isApiError } from '../../../lib/api/api-error';

export const SUBMIT_FAILED = 'Ошибка отправки';

/** end-user.md §8: the server's message, with the first issue appended when the answer lists issues; else 'Ошибка отправки'. */
export function submissionErrorMessage(err: unknown): string {
  if (!isApiError(err) || err.status === 0) return SUBMIT_FAILED;
  const body = err.body as { issues?: { message?: unknown }[] } | null;
  const issue = Array.isArray(body?.issues) ? body.issues[0]?.message : undefined;
  const base = err.message || SUBMIT_FAILED;
  return typeof issue === 'string' && issue && !base.includes(issue) ? `${base}: ${issue}` : base;
}
