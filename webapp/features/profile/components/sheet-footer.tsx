import { Button } from '../../../components/ui/button';

/** Cancel and Save under an edit sheet (end-user.md §2 My profile). */
export function SheetFooter({ onCancel, onSave, saving, disabled = false }: { onCancel: () => void; onSave: () => void; saving: boolean; disabled?: boolean }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        Отмена
      </Button>
      <Button onClick={onSave} disabled={saving || disabled}>
        {saving ? 'Сохранение…' : 'Сохранить'}
      </Button>
    </>
  );
}
