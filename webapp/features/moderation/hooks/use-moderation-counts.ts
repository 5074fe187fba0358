import { useCallback, useEffect, useRef, useState } from 'react';
import type { ModerationCounts } from '../../../../contracts/moderation';
import { moderationCountsPushSchema } from '../../../../contracts/realtime';
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
  const pushes = useRef(0);
  // A push that arrived while the fetch was on its way is newer than the fetch's answer.
  const fetchNow = useCallback(() => {
    const seen = pushes.current;
    void fetchModerationCounts().then(
      (c) => live.current && seen === pushes.current && setCounts(c),
      () => undefined,
    );
  }, []);
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
      if (!push?.success) return;
      pushes.current++;
      setCounts(push.data.counts);
    },
    (status) => {
      if (status === 'closed') wasClosed.current = true;
      if (status !== 'open' || !wasClosed.current) return;
      wasClosed.current = false;
      fetchNow();
    },
  );
  return counts;
}
