import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useClosingGuard } from '../../../lib/telegram/use-closing-guard';
import { CHAT_TEXT } from '../lib/chat-text';
import { readDraft, writeDraft } from '../lib/drafts';
import styles from './composer.module.css';

export const COMPOSER_MAX_HEIGHT = 120;

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
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M21 11.5 12.5 20a5 5 0 0 1-7-7l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L10 17.9a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
        </svg>
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
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
        </svg>
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
        <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10l12.6 2-12.6 2z" />
        </svg>
      </button>
    </div>
  );
}
