interface NamedEntry {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}

/** A blacklist entry's name (end-user.md §2): first plus last name, else username, else 'Пользователь'. */
export function listDisplayName(entry: NamedEntry): string {
  const name = [entry.firstName, entry.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || entry.username?.trim() || 'Пользователь';
}
