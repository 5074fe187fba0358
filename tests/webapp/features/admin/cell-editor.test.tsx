import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DbColumn } from '../../../../contracts/admin';
import { CellEditor } from '../../../../webapp/features/admin/components/cell-editor';
import { coerceCell, editorText } from '../../../../webapp/features/admin/lib/coerce-cell';
import { col } from './fixtures';

function edit(column: DbColumn, value: unknown) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(<CellEditor column={column} value={value} onSave={onSave} onCancel={onCancel} />);
  return { onSave, onCancel, field: screen.getByLabelText(column.name) as HTMLInputElement };
}

describe('the cell editor', () => {
  it('saves the typed text on Enter, once', async () => {
    const { onSave, onCancel, field } = edit(col('city', 'string'), 'Москва');
    expect(document.activeElement).toBe(field);
    await userEvent.clear(field);
    await userEvent.type(field, 'Казань{Enter}');
    fireEvent.blur(field);
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith('Казань');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape without saving, even when focus then leaves', async () => {
    const { onSave, onCancel, field } = edit(col('city', 'string'), 'Москва');
    await userEvent.type(field, ' сити{Escape}');
    fireEvent.blur(field);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves when the cell is left (blur)', async () => {
    const { onSave, field } = edit(col('heightCm', 'number', { nullable: true }), 170);
    await userEvent.clear(field);
    await userEvent.type(field, '182');
    fireEvent.blur(field);
    expect(onSave).toHaveBeenCalledWith(182);
  });

  it('closes without a request when nothing changed', async () => {
    const { onSave, onCancel, field } = edit(col('city', 'string'), 'Москва');
    await userEvent.type(field, '{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('edits a boolean with a checkbox and sends a boolean', async () => {
    const { onSave, field } = edit(col('isHidden', 'boolean'), false);
    expect(field.type).toBe('checkbox');
    await userEvent.click(field);
    await userEvent.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith(true);
  });

  it('edits a datetime with a date-time picker and sends ISO text', async () => {
    const { onSave, field } = edit(col('updatedAt', 'datetime'), '2026-11-20T10:00:00.000Z');
    expect(field.type).toBe('datetime-local');
    fireEvent.change(field, { target: { value: '2026-12-31T23:30' } });
    fireEvent.blur(field);
    expect(onSave).toHaveBeenCalledWith(new Date('2026-12-31T23:30').toISOString());
  });

  it('edits JSON in a textarea; invalid JSON is refused with a message and nothing is sent', async () => {
    const { onSave, field } = edit(col('payload', 'json'), { a: 1 });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.value).toBe('{\n  "a": 1\n}');
    fireEvent.change(field, { target: { value: '{"a": ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Некорректное значение поля');
    fireEvent.change(field, { target: { value: '{"a": [1, true]}' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledWith({ a: [1, true] });
  });

  it('edits an enum with a select of its values', async () => {
    const { onSave, field } = edit(col('sex', 'enum', { enumValues: ['MALE', 'FEMALE'] }), 'MALE');
    expect(field.tagName).toBe('SELECT');
    await userEvent.selectOptions(field, 'FEMALE');
    fireEvent.blur(field);
    expect(onSave).toHaveBeenCalledWith('FEMALE');
  });

  it('uses a number input and refuses text that is not a number', async () => {
    const { onSave, field } = edit(col('heightCm', 'number'), 170);
    expect(field.type).toBe('number');
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});

describe('coercion by column type', () => {
  it('turns text into the column type, empty into null where allowed', () => {
    expect(coerceCell(col('n', 'number'), '42')).toEqual({ ok: true, value: 42 });
    expect(coerceCell(col('n', 'number'), '1,5')).toEqual({ ok: true, value: 1.5 });
    expect(coerceCell(col('n', 'number'), 'abc').ok).toBe(false);
    expect(coerceCell(col('n', 'number', { nullable: true }), ' ')).toEqual({ ok: true, value: null });
    expect(coerceCell(col('b', 'boolean'), 'true')).toEqual({ ok: true, value: true });
    expect(coerceCell(col('d', 'date'), '2010-05-04')).toEqual({ ok: true, value: '2010-05-04' });
    expect(coerceCell(col('d', 'date'), '04.05.2010').ok).toBe(false);
    expect(coerceCell(col('j', 'json'), '[1,2]')).toEqual({ ok: true, value: [1, 2] });
    expect(coerceCell(col('e', 'enum', { enumValues: ['A'] }), 'B').ok).toBe(false);
    expect(coerceCell(col('s', 'string'), '')).toEqual({ ok: true, value: '' });
    expect(coerceCell(col('s', 'string', { nullable: true }), '')).toEqual({ ok: true, value: null });
  });

  it('shows a stored datetime in local time for the picker', () => {
    const iso = new Date(2026, 10, 20, 9, 5).toISOString();
    expect(editorText(col('t', 'datetime'), iso)).toBe('2026-11-20T09:05');
    expect(editorText(col('t', 'datetime'), null)).toBe('');
  });
});
