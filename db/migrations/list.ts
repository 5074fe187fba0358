import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261127140000 } from './Migration20261127140000';
import { Migration20261127000400 } from './Migration20261127000400';
import { Migration20261127000700 } from './Migration20261127000700';
import { Migration20261127120001 } from './Migration20261127120001';
import { Migration20261127150001 } from './Migration20261127150001';
import { Migration20261127160000 } from './Migration20261127160000';
import { Migration20261129100000 } from './Migration20261129100000';
import { Migration20261129200000 } from './Migration20261129200000';
import { Migration20261129400000 } from './Migration20261129400000';
import { Migration20261127000300 } from './Migration20261127000300';
import { Migration20261122031800 } from './Migration20261122031800';
import { Migration20261122022646 } from './Migration20261122022646';
import { Migration20261121233724 } from './Migration20261121233724';
import { Migration20261121232220 } from './Migration20261121232220';
import { Migration20261121205846 } from './Migration20261121205846';
import { Migration20261121205154 } from './Migration20261121205154';
import { Migration20261121203022 } from './Migration20261121203022';
import { Migration20261121202335 } from './Migration20261121202335';
import { Migration20261121201620 } from './Migration20261121201620';
import { Migration20261121200656 } from './Migration20261121200656';
import { Migration20261127110000 } from './Migration20261127110000';

/** Every migration in order; `npm run migration:create` appends here. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121200656', class: Migration20261121200656 },
  { name: 'Migration20261121201620', class: Migration20261121201620 },
  { name: 'Migration20261121202335', class: Migration20261121202335 },
  { name: 'Migration20261121203022', class: Migration20261121203022 },
  { name: 'Migration20261121205154', class: Migration20261121205154 },
  { name: 'Migration20261121205846', class: Migration20261121205846 },
  { name: 'Migration20261121232220', class: Migration20261121232220 },
  { name: 'Migration20261121233724', class: Migration20261121233724 },
  { name: 'Migration20261122022646', class: Migration20261122022646 },
  { name: 'Migration20261122031800', class: Migration20261122031800 },
  { name: 'Migration20261127000300', class: Migration20261127000300 },
  { name: 'Migration20261127000400', class: Migration20261127000400 },
  { name: 'Migration20261127000700', class: Migration20261127000700 },
  { name: 'Migration20261127110000', class: Migration20261127110000 },
  { name: 'Migration20261127120001', class: Migration20261127120001 },
  { name: 'Migration20261127140000', class: Migration20261127140000 },
  { name: 'Migration20261127150001', class: Migration20261127150001 },
  { name: 'Migration20261127160000', class: Migration20261127160000 },
  { name: 'Migration20261129100000', class: Migration20261129100000 },
  { name: 'Migration20261129200000', class: Migration20261129200000 },
  { name: 'Migration20261129400000', class: Migration20261129400000 },
];
