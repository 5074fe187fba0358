import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModerationCounts } from '../../../../api/contracts/moderation';
import { moderationCountsPushSchema } from '../../../../api/contracts/realtime';
import { useChannel } from '../../../lib/realtime/use-channel';
import { fetchModerationCounts } from '../api/moderation-items';

/**
 * The hub's live counts: fetched once, then pushed by the server on every change (ch:'moderation');
 * fetched again after the socket reconnects, since pushes sent while it was down are lost.
 */
export function useModerationCounts(): ModerationCounts | null {
  const [counts, setCounts] = useState<ModerationCounts | null>(null);
  const live = useRef(true);
  const wasClosed = useRef(false);
  const fetchNow = useCallback(() => void fetchModerationCounts().then((c) => live.current && setCounts(c), () => undefined), []);
  useEffect(() => {
    live.current = true;
    fetchNow();
    return () => {
      live.current = false;
    };
  }, [fetchNow]);
  useChannel(
    'moderation',
    (message) => {
      const push = message.t === 'counts' ? moderationCountsPushSchema.safeParse(message.data) : null;
      if (push?.success) setCounts(push.data.counts);
    },
    (status) => {
      if (status === 'closed') wasClosed.current = true;
      else if (wasClosed.current) (wasClosed.current = false), fetchNow();
    },
  );
  return counts;
}
