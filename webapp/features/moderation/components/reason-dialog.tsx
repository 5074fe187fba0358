import { useId, useState, type ReactNode } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import { ReasonPresets } from '../../../components/ui/reason-presets';
import { charactersToGo } from '../../../lib/plural-ru';
import styles from './dialogs.module.css';
import { PresetGroups, type PresetGroup } from './preset-groups';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  confirmText: string;
  placeholder: string;
  min: number;
  max: number;
  /** Red confirm button (reject, block). */
  destructive?: boolean;
  /** Ready reasons (the bot's presets), one tap fills the field; free text stays possible. */
  presets?: readonly string[];
  /** Ready reasons by topic (the partial reject's fields), each tap adding its sentence. */
  presetGroups?: readonly PresetGroup[];
  /** Extra controls above the reason (the field checklist, the ban checkbox). */
  children?: ReactNode;
  onCancel(): void;
  onConfirm(reason: string): void;
}

/** A reason to pick or type, trimmed and counted; the confirm button stays disabled outside [min, max] (moderation-admin.md §5). */
export function ReasonDialog({
  open,
  title,
  confirmText,
  placeholder,
  min,
  max,
  destructive,
  presets = [],
  presetGroups = [],
  children,
  onCancel,
  onConfirm,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  // Each opening starts empty, adjusted while rendering.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setReason('');
  }
  const length = reason.trim().length;
  const valid = length >= min && length <= max;
  const footer = (
    <SheetFooter
      onCancel={onCancel}
      onConfirm={() => onConfirm(reason.trim())}
      confirmText={confirmText}
      disabled={!valid}
      destructive={destructive}
    />
  );
  return (
    <BottomSheet open={open} onClose={onCancel} title={title} footer={footer}>
      {children}
      <ReasonPresets presets={presets} reason={reason} onPick={setReason} />
      <PresetGroups groups={presetGroups} reason={reason} onReason={setReason} />
      <label className={styles.label} htmlFor={id}>
        Причина
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={reason}
        placeholder={placeholder}
        rows={4}
        maxLength={max + 50}
        onChange={(e) => setReason(e.target.value)}
      />
      <p className={`${styles.counter} ${length > 0 && !valid ? styles.invalid : ''}`} aria-live="polite">
        {length < min ? charactersToGo(min - length) : `${length} / ${max}`}
      </p>
    </BottomSheet>
  );
}
