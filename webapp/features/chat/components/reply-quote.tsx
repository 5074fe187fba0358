import type { ReplyQuote as Quote } from '../../../../contracts/chat';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './reply-quote.module.css';

/** The quoted message inside a reply's bubble: an accent bar and one line of the original. */
export function ReplyQuote({ quote, own }: { quote: Pick<Quote, 'preview' | 'deleted'>; own: boolean }) {
  return (
    <blockquote className={`${styles.quote} ${own ? styles.own : ''}`} aria-label={CHAT_TEXT.replyTo} data-testid="reply-quote">
      <span className={quote.deleted ? styles.deleted : undefined}>{quote.preview || CHAT_TEXT.replyTo}</span>
    </blockquote>
  );
}
