import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useRef, useState } from 'react';
import { sizedImageUrl, THUMB_PHOTO_WIDTH } from '../../../components/profile-card/card-image-url';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { Icon } from '../../../components/ui/icon';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import { showToast } from '../../../components/ui/toast-store';
import { haptics } from '../../../lib/telegram/haptics';
import { PHOTO_TYPES, PhotoError, preparePhoto } from '../lib/replace-photo';
import { EDIT_TEXT, saveProfileEdit } from '../lib/save-profile-edit';
import styles from './photos-sheet.module.css';

export const PHOTO_SLOTS = 3;

interface Slot {
  key: string;
  url: string | null;
  uploading: boolean;
  /** The server's refusal of the last photo picked for it (an explicit one, a wrong format). */
  error?: string;
}

let nextKey = 1;
const slotsFrom = (photos: readonly string[]): Slot[] =>
  Array.from({ length: PHOTO_SLOTS }, (_, i) => ({ key: `slot-${nextKey++}`, url: photos[i] ?? null, uploading: false }));

function PhotoTile({ slot, index, onReplace }: { slot: Slot; index: number; onReplace: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: slot.key });
  return (
    <li
      ref={setNodeRef}
      className={`${styles.tile} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="photo-slot"
      data-url={slot.url ?? ''}
      {...attributes}
      {...listeners}
      aria-label={`Фото ${index + 1}${slot.url ? '' : ', пусто'}`}
    >
      {slot.url ? (
        <img src={sizedImageUrl(slot.url, THUMB_PHOTO_WIDTH)} alt="" draggable={false} />
      ) : (
        <span className={styles.empty}>+</span>
      )}
      <span className={styles.position}>{index === 0 ? 'Главное' : index + 1}</span>
      {slot.uploading && <span className={styles.busy}>Загрузка…</span>}
      {slot.error && !slot.uploading && (
        <span className={styles.error} role="alert">
          {slot.error}
        </span>
      )}
      <button
        type="button"
        className={styles.replace}
        aria-label={`Заменить фото ${index + 1}`}
        onPointerDown={(e) => e.stopPropagation()}
        onClick={onReplace}
        disabled={slot.uploading}
      >
        <Icon name="camera" size={18} />
      </button>
    </li>
  );
}

export interface PhotosSheetProps {
  open: boolean;
  photos: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Three photo slots: each replaced on its own, reordered by dragging; Save sends all three for moderation. */
export default function PhotosSheet({ open, photos, onClose, onSaved }: PhotosSheetProps) {
  const [slots, setSlots] = useState<Slot[]>(() => slotsFrom(photos));
  const [saving, setSaving] = useState(false);
  const picking = useRef<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Opening the sheet starts from the stored photos, adjusted while rendering.
  const [synced, setSynced] = useState({ open, photos });
  if (synced.open !== open || synced.photos !== photos) {
    setSynced({ open, photos });
    if (open) setSlots(slotsFrom(photos));
  }

  const patchSlot = (key: string, change: Partial<Slot>) => setSlots((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));
  const replace = async (index: number, file: File) => {
    const slot = slots[index];
    if (!slot) return;
    patchSlot(slot.key, { uploading: true, error: undefined });
    try {
      const url = await preparePhoto(file, index);
      patchSlot(slot.key, { url, uploading: false });
      haptics.impact('light');
      showToast({ text: EDIT_TEXT.photoReplaced, tone: 'success' });
    } catch (err) {
      patchSlot(slot.key, { uploading: false, error: err instanceof PhotoError ? err.detail : undefined });
      showToast({
        text: err instanceof PhotoError ? err.title : EDIT_TEXT.photoNetwork,
        description: err instanceof PhotoError ? err.detail : undefined,
        tone: 'error',
        durationMs: 4000,
      });
    }
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    haptics.select();
    setSlots((all) =>
      arrayMove(
        all,
        all.findIndex((s) => s.key === active.id),
        all.findIndex((s) => s.key === over.id),
      ),
    );
  };
  const save = async () => {
    const urls = slots.map((s) => s.url).filter((url): url is string => url !== null);
    if (urls.length < slots.length || slots.some((s) => s.uploading)) {
      showToast({ text: EDIT_TEXT.needThreePhotos, tone: 'error' });
      return;
    }
    setSaving(true);
    const ok = await saveProfileEdit({ photos: urls });
    setSaving(false);
    if (ok) onSaved();
  };

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Фото"
      footer={<SheetFooter onCancel={onClose} onConfirm={() => void save()} busy={saving} />}
    >
      <p className={styles.howto}>Перетащите фото, чтобы поменять порядок. Первое — главное.</p>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={slots.map((s) => s.key)} strategy={rectSortingStrategy}>
          <ul className={styles.grid}>
            {slots.map((slot, index) => (
              <PhotoTile
                key={slot.key}
                slot={slot}
                index={index}
                onReplace={() => {
                  picking.current = index;
                  input.current?.click();
                }}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <input
        ref={input}
        type="file"
        accept={PHOTO_TYPES.join(',')}
        hidden
        data-testid="photo-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file && picking.current !== null) void replace(picking.current, file);
        }}
      />
      <p className={styles.hint}>{EDIT_TEXT.photoHint}</p>
    </BottomSheet>
  );
}
