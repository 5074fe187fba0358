import LikesHistoryScreen from '../features/likes/components/likes-history-screen';
import { ServerState } from '../lib/query/server-state';

/** /likes-history, loaded as its own chunk with the query cache it reads through. */
export default function LikesHistoryRoute() {
  return (
    <ServerState>
      <LikesHistoryScreen />
    </ServerState>
  );
}
