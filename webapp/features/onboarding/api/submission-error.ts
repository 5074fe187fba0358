import { isUserText, serverMessage } from '../../../lib/api/error-text';

export const SUBMIT_FAILED = 'Ошибка отправки';

/** end-user.md §8: the server's message, with the first issue appended when the answer lists issues; else 'Ошибка отправки'. */
export function submissionErrorMessage(err: unknown): string {
  const base = serverMessage(err);
  if (!base) return SUBMIT_FAILED;
  const body = (err as { body?: { issues?: { message?: unknown }[] } | null }).body;
  const issue = Array.isArray(body?.issues) ? body.issues[0]?.message : undefined;
  return isUserText(issue) && !base.includes(issue) ? `${base}: ${issue}` : base;
}

/** The field a refusal names (the `field` of a 400, ARCHITECTURE §4 error shape), or null. */
export function refusedField(err: unknown): string | null {
  const field = (err as { body?: { field?: unknown } | null }).body?.field;
  return typeof field === 'string' ? field : null;
}
