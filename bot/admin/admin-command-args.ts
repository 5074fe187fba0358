import { ROLES, type Role } from '../../db/users/user.entity';

const ID_AND_REST = /^(\d{1,16})(?:\s+([\s\S]*))?$/;

/** 'ID [rest]' → a Telegram id and the trimmed rest, or null when the id is missing or not a positive number. */
export function parseTarget(args: string): { id: number; rest: string } | null {
  const match = ID_AND_REST.exec(args.trim());
  const id = Number(match?.[1]);
  if (!match || !Number.isSafeInteger(id) || id <= 0) return null;
  return { id, rest: (match[2] ?? '').trim() };
}

/** 'USER', 'moderator'… → a role, or null. */
export function parseRole(text: string): Role | null {
  const upper = text.trim().toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}
