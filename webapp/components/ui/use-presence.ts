import { useEffect, useState } from 'react';

/** Keeps an overlay mounted for its closing animation: `mounted` stays true `exitMs` after `open` turns false. */
export function usePresence(open: boolean, exitMs = 200): { mounted: boolean; closing: boolean } {
  const [mounted, setMounted] = useState(open);
  // Opened: mounted from this render on (adjusted while rendering, not after an effect).
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open) return undefined;
    const timer = setTimeout(() => setMounted(false), exitMs);
    return () => clearTimeout(timer);
  }, [open, exitMs]);
  return { mounted: open || mounted, closing: !open && mounted };
}
