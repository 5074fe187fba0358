import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { checkWith } from '../../../webapp/features/admin/lib/field-spec';
import { firstIssue } from '../../../webapp/features/onboarding/lib/validate-step';

// Each test file has its own zod, so only the validation modules imported above can have set the locale.
describe("zod's own messages where the webapp shows them", () => {
  it('are Russian in an admin field sheet', () => {
    expect(checkWith(z.number(), 'много')).toEqual({ ok: false, message: 'Неверный ввод: ожидалось число, получено string' });
  });

  it('are Russian in an onboarding step', () => {
    expect(firstIssue(z.string().max(2), 'abc')).toBe('Слишком большое значение: ожидалось, что string будет иметь <=2 символа');
  });

  it("leave a schema's own text as it is", () => {
    expect(firstIssue(z.string().min(2, 'Не менее 2 символов!'), 'a')).toBe('Не менее 2 символов!');
  });
});
