import type { EntityManager } from '@mikro-orm/postgresql';
import { staffAmong } from '../../db/moderation/staff-pushes';
import type { User } from '../../db/users/user.entity';
import type { Hub } from '../realtime/hub';

/** The staff holding a socket on this process; empty without a database read when nobody is connected here. */
export async function localStaff(em: EntityManager, hub: Hub): Promise<User[]> {
  const here = hub.localUsers();
  return here.length === 0 ? [] : staffAmong(em, here);
}
