import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useClosingGuard } from '../../../lib/telegram/use-closing-guard';
import { CHAT_TEXT } from '../lib/chat-text';
import { readDraft, writeDraft } from '../lib/drafts';
import styles from './composer.module.css';
import { Icon } from '../../../components/ui/icon';

const COMPOSER_MAX_HEIGHT = 120;

/** On touch keyboards Enter starts a new line (the send button sends); with a hardware keyboard Enter sends. */
const enterSends = () => typeof window.matchMedia !== 'function' || !window.matchMedia('(pointer: coarse)').matches;

interface ComposerProps {
  chatId: string;
  onSend(text: string): void;
  onAttach(file: File): void;
  onToggleStickers(): void;
  stickersOpen: boolean;
  /** Called on every edit of the text (the caller rate-limits what it tells the peer). */
  onTyping?: () => void;
}

/** Attach, stickers, a growing text area (up to 120 px) and send; the text is kept as a draft per chat. */
export function Composer({ chatId, onSend, onAttach, onToggleStickers, stickersOpen, onTyping }: ComposerProps) {
  const [text, setText] = useState(() => readDraft(chatId));
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const blank = !text.trim();
  useClosingGuard(!blank);

  const resize = () => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, COMPOSER_MAX_HEIGHT)}px`;
  };
  const change = (e: ChangeEvent<HTMLTextAreaElement>) => {
    setText(e.target.value);
    writeDraft(chatId, e.target.value);
    resize();
    if (e.target.value.trim()) onTyping?.();
  };
  const send = () => {
    if (blank) return;
    onSend(text);
    setText('');
    writeDraft(chatId, '');
    requestAnimationFrame?.(resize);
  };
  const keyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && enterSends()) {
      e.preventDefault();
      send();
    }
  };
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (chosen) onAttach(chosen);
  };

  return (
    <div className={styles.composer}>
      <button type="button" className={styles.tool} aria-label={CHAT_TEXT.attach} onClick={() => file.current?.click()}>
        <Icon name="clip" size={22} strokeWidth={2} />
      </button>
      <input ref={file} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={picked} data-testid="attach-input" />
      <textarea
        ref={area}
        className={styles.input}
        rows={1}
        value={text}
        placeholder={CHAT_TEXT.placeholder}
        aria-label={CHAT_TEXT.placeholder}
        style={{ maxHeight: COMPOSER_MAX_HEIGHT }}
        onChange={change}
        onKeyDown={keyDown}
      />
      <button type="button" className={styles.tool} aria-label={CHAT_TEXT.stickers} aria-pressed={stickersOpen} onClick={onToggleStickers}>
        <Icon name="smile" size={22} strokeWidth={2} />
      </button>
      {/* Pressing send must not take the focus from the text area: the keyboard stays open for the next message. */}
      <button
        type="button"
        className={styles.send}
        aria-label={CHAT_TEXT.send}
        disabled={blank}
        onMouseDown={(e) => e.preventDefault()}
        onClick={send}
      >
        <Icon name="send" size={22} />
      </button>
    </div>
  );
}
