import type { ReportMessage } from '../../../../contracts/moderation-reports';
import { sizedImageUrl } from '../../../components/profile-card/card-image-url';
import { formatTime } from '../lib/field-values';
import styles from './reports.module.css';

const body = (m: ReportMessage) => {
  if (m.photoUrl) return <img src={sizedImageUrl(m.photoUrl, 360)} alt="Фото из сообщения" loading="lazy" />;
  if (m.text) return m.text;
  return <em>{m.type === 'STICKER' ? 'Стикер' : 'Сообщение удалено'}</em>;
};

/** The reported message among its neighbours; the reported user's messages on the left, the reported one marked. */
export function ReportedMessages({ messages }: { messages: ReportMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ol className={styles.thread} aria-label="Переписка">
      {messages.map((m, i) => (
        <li
          key={m.id ?? `s${i}`}
          className={`${styles.bubble} ${m.fromReported ? styles.theirs : styles.mine} ${m.isReported ? styles.reported : ''}`}
          aria-current={m.isReported ? 'true' : undefined}
        >
          {m.isReported && <span className={styles.flag}>Жалоба на это сообщение</span>}
          <span className={styles.text}>{body(m)}</span>
          {m.sentAt && <time className={styles.sent}>{formatTime(m.sentAt)}</time>}
        </li>
      ))}
    </ol>
  );
}
