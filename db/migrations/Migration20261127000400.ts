import { Migration } from '@mikro-orm/migrations';

/** A block outlives the blocked account: it is kept by Telegram id, so a deleted and re-registered account stays blocked. */
export class Migration20261127000400 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "blocks" drop constraint "blocks_blocked_id_foreign";`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "blocks" b where not exists (select 1 from "users" u where u.telegram_id = b.blocked_id);`);
    this.addSql(`alter table "blocks" add constraint "blocks_blocked_id_foreign" foreign key ("blocked_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
  }
}
