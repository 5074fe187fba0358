interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  telegramId?: number | null;
}

const joinName = (u: NamedUser) =>
  [u.firstName, u.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');

/** The profile menu's name (end-user.md §2): first plus last name, else username, else 'ID n', else 'Пользователь'. */
export function menuDisplayName(user: NamedUser | null | undefined): string {
  if (!user) return 'Пользователь';
  const name = joinName(user);
  if (name) return name;
  if (user.username?.trim()) return user.username.trim();
  if (user.telegramId) return `ID ${user.telegramId}`;
  return 'Пользователь';
}
