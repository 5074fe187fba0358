import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121200656 } from './Migration20261121200656';

/** Every migration in order; `npm run migration:create` appends here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121200656', class: Migration20261121200656 },
];
