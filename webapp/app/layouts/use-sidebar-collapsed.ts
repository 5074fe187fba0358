import { useState } from 'react';
import { SIDEBAR_EXPANDED_MIN_WIDTH } from '../route-meta';

/** Collapsed by default from 1024 to 1279 px, expanded from 1280 px; the toggle holds until the width crosses 1280. */
export function useSidebarCollapsed(width: number): [boolean, () => void] {
  const narrow = width < SIDEBAR_EXPANDED_MIN_WIDTH;
  const [state, setState] = useState({ narrow, collapsed: narrow });
  if (state.narrow !== narrow) setState({ narrow, collapsed: narrow });
  const collapsed = state.narrow === narrow ? state.collapsed : narrow;
  return [collapsed, () => setState((s) => ({ ...s, collapsed: !s.collapsed }))];
}
