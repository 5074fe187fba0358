import { byId, fetchJson } from './launcher-dom';
import type { LauncherUser, UsersAnswer } from './launcher-answers';

/** The demo people in the left column: a click opens the mini app as that person. */

function userButton(user: LauncherUser, current: number | null, onPick: (id: number) => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.className = 'user' + (current === user.id ? ' active' : '');
  button.dataset.userId = String(user.id);
  const name = document.createElement('span');
  name.textContent = `${user.firstName ?? 'Гость'} #${user.id}`;
  const role = document.createElement('span');
  role.className = `role ${user.role}`;
  role.textContent = user.isBanned ? `${user.role} · бан` : user.role;
  button.append(name, role);
  button.onclick = () => onPick(user.id);
  return button;
}

export async function loadUsers(current: number | null, onPick: (id: number) => void): Promise<void> {
  const { users } = await fetchJson<UsersAnswer>('/dev/api/users');
  byId('users').replaceChildren(...users.map((user) => userButton(user, current, onPick)));
}

/** Marks the person the mini app is open as. */
export function markCurrentUser(id: number): void {
  for (const el of document.querySelectorAll<HTMLElement>('.user')) el.classList.toggle('active', Number(el.dataset.userId) === id);
}
