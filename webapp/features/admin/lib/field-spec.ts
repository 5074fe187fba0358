import type { ZodType } from 'zod';
import '../../../lib/zod-russian';

/** One field of the user detail edited in a sheet: how it is typed, and how the typed text is checked. */
export interface FieldSpec {
  key: string;
  /** The sheet's title; it names the unit the editor takes. */
  title: string;
  /** The row's label when it differs from the title: the row shows a formatted value with its own unit. */
  label?: string;
  kind: 'text' | 'textarea' | 'number' | 'date' | 'select';
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
}

export type FieldCheck = { ok: true; value: unknown } | { ok: false; message: string };

/** The first zod issue's message (the contract's Russian texts). */
export function checkWith(schema: ZodType, input: unknown): FieldCheck {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Некорректное значение' };
  return { ok: true, value: parsed.data ?? null };
}
