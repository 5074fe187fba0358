import { AUDIT_ACTION_LABELS, type UserDetails } from '../../../../contracts/admin';
import { ListRow, ListSection } from '../../../components/ui/list-section';
import { dateTimeText } from '../lib/format';

type Entry = UserDetails['history'][number];

const reasonOf = (entry: Entry) => (typeof entry.details.reason === 'string' && entry.details.reason ? entry.details.reason : null);

/** The user's audit entries, newest first: what happened, when, and who did it. */
export function HistorySection({ history }: { history: UserDetails['history'] }) {
  return (
    <ListSection title="История" label="История">
      {history.length === 0 ? (
        <ListRow label="Записей пока нет" />
      ) : (
        history.map((entry) => (
          <ListRow
            key={entry.id}
            label={entry.label || AUDIT_ACTION_LABELS[entry.action] || entry.action}
            hint={[dateTimeText(entry.at), entry.actorId === null ? 'система' : `#${entry.actorId}`, reasonOf(entry)]
              .filter(Boolean)
              .join(' · ')}
            testId="history-entry"
          />
        ))
      )}
    </ListSection>
  );
}
