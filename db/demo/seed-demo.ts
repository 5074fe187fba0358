import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../users/user.entity';
import { demoPeople } from './demo-people';

/** Seeds the demo people once; a second call changes nothing. Returns how many were created. */
export async function seedDemo(em: EntityManager): Promise<number> {
  let created = 0;
  for (const person of demoPeople()) {
    if (await em.findOne(User, { telegramId: person.telegramId })) continue;
    em.create(User, {
      telegramId: person.telegramId,
      firstName: person.firstName,
      username: person.username,
      languageCode: 'ru',
      role: person.role,
    });
    created++;
  }
  await em.flush();
  return created;
}
