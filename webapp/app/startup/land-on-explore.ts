/**
 * A launch at `/` is moved to /explore before the first render, so React draws the landing screen at once instead of
 * rendering a redirect first. The query and the hash (Telegram's launch data) stay as they are.
 */
export function landOnExplore(location: Location = window.location, history: History = window.history): void {
  if (location.pathname === '/') history.replaceState(history.state, '', `/explore${location.search}${location.hash}`);
}
