import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Keys 1–7 (end-user.md §2 Layout). */
const DIGIT_ROUTES = ['/theme', '/likes', '/explore', '/likes-history', '/profile', '/notifications', '/help'] as const;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

/** Desktop shortcuts, ignored while typing in inputs and when something (a sheet, a dialog) already handled the key. */
export function useKeyboardShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const command = event.ctrlKey || event.metaKey;
      if (command && event.key === ',') {
        event.preventDefault();
        navigate('/theme');
      } else if (command && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        console.info('search: shortcut triggered');
      } else if (event.key === 'Escape' && !command) {
        navigate('/theme');
      } else if (!command && !event.altKey && /^[1-7]$/.test(event.key)) {
        navigate(DIGIT_ROUTES[Number(event.key) - 1] ?? '/explore');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}
