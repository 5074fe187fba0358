import { useCallback, useState, type FormEvent } from 'react';
import { MAX_TEXT_LENGTH } from '../../../../contracts/chat';
import { Button } from '../../../components/ui/button';
import { useEscapeKey } from '../../../components/ui/use-escape-key';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './photo-preview.module.css';
import { useOverlayBackButton } from '../../../lib/telegram/use-overlay-back-button';

/** A picked photo before it goes: the picture, an optional caption (the text limit) and 'Отправить'. */
export function PhotoPreview({ file, onSend, onCancel }: { file: File; onSend(caption: string): void; onCancel(): void }) {
  const [caption, setCaption] = useState('');
  useEscapeKey(true, onCancel);
  useOverlayBackButton(true, onCancel);
  // The picture's object URL lives exactly as long as the image element showing it (a ref callback with cleanup).
  const showFile = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return undefined;
      const objectUrl = URL.createObjectURL(file);
      image.src = objectUrl;
      return () => URL.revokeObjectURL(objectUrl);
    },
    [file],
  );
  const canShow = typeof URL.createObjectURL === 'function';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSend(caption.trim());
  };
  return (
    <div className={styles.layer} role="dialog" aria-modal="true" aria-label={CHAT_TEXT.photoPreview}>
      <form className={styles.card} onSubmit={submit}>
        <div className={styles.frame}>{canShow && <img ref={showFile} alt="Выбранное фото" className={styles.image} />}</div>
        <textarea
          className={styles.caption}
          rows={1}
          value={caption}
          maxLength={MAX_TEXT_LENGTH}
          placeholder={CHAT_TEXT.caption}
          aria-label={CHAT_TEXT.caption}
          onChange={(e) => setCaption(e.target.value)}
        />
        <div className={styles.actions}>
          <Button type="button" variant="secondary" onClick={onCancel}>
            {CHAT_TEXT.cancel}
          </Button>
          <Button type="submit">{CHAT_TEXT.send}</Button>
        </div>
      </form>
    </div>
  );
}
