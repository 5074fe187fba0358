import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Channel } from '../../../contracts/realtime';
import { subscribeChannel } from './realtime-registry';
import type { EnvelopeHandler, StatusHandler } from './realtime-socket';

/** Listens on a realtime channel while the component is mounted; handlers may change between renders. */
export function useChannel(channel: Channel, onMessage: EnvelopeHandler, onStatus?: StatusHandler): void {
  const handlers = useRef({ onMessage, onStatus });
  useLayoutEffect(() => {
    handlers.current = { onMessage, onStatus };
  });
  useEffect(
    () =>
      subscribeChannel(
        channel,
        (message) => handlers.current.onMessage(message),
        (status) => handlers.current.onStatus?.(status),
      ),
    [channel],
  );
}
