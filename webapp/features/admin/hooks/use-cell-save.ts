import { useState } from 'react';
import { ADMIN_MESSAGES, type DbColumn } from '../../../../contracts/admin';
import { showToast } from '../../../components/ui/toast-store';
import { updateCell } from '../api/db-api';
import { primaryKeyOf } from '../lib/primary-key';
import { showFailure } from '../lib/show-failure';
import type { DbTable } from './use-db-table';

/** Saves one cell with the row's primary key: the new value shows at once and is put back when the server refuses. */
export function useCellSave(model: string, table: DbTable) {
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const mark = (key: string, on: boolean) =>
    setSaving((now) => {
      const next = new Set(now);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const save = async (rowIndex: number, column: DbColumn, value: unknown) => {
    const page = table.page;
    const row = page?.data[rowIndex];
    if (!page || !row) return;
    const where = primaryKeyOf(page.schema.columns, row);
    if (!where) {
      showToast({ text: ADMIN_MESSAGES.noPrimaryKey, tone: 'error', durationMs: 5000 });
      return;
    }
    const key = `${rowIndex}:${column.name}`;
    mark(key, true);
    table.setRow(rowIndex, { ...row, [column.name]: value });
    try {
      const stored = await updateCell(model, where, { [column.name]: value });
      table.setRow(rowIndex, { ...row, ...stored });
    } catch (err) {
      table.setRow(rowIndex, row);
      showFailure(ADMIN_MESSAGES.saveFailed, err);
    } finally {
      mark(key, false);
    }
  };
  return { saving, save };
}
