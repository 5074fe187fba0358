import { usersResponseSchema, type UsersResponse } from '../../../../contracts/users-list';
import { apiGet } from '../../../lib/api/api-client';

/** GET /api/users?page&limit=20&q (moderators and admins). */
export function fetchUsers(query: { page: number; q?: string }): Promise<UsersResponse> {
  return apiGet('/users', { query: { page: query.page, limit: 20, q: query.q || undefined }, schema: usersResponseSchema });
}
