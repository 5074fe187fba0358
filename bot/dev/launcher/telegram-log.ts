import { byId } from './launcher-dom';

const KEPT = 80;

/** A line of the 'События Telegram' list: what the app asked of Telegram (←) and what Telegram told it (→). */
export function logEvent(text: string): void {
  const list = byId('log');
  const line = document.createElement('li');
  line.textContent = `${new Date().toLocaleTimeString('ru-RU')} ${text}`;
  line.title = line.textContent;
  list.prepend(line);
  while (list.children.length > KEPT) list.lastElementChild?.remove();
}
