import { Migration } from '@mikro-orm/migrations';

/** Issue 40: whether the bot may write to the user (the answer to requestWriteAccess, or a /start); unknown until then. */
export class Migration20261129540000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "write_access" boolean null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "write_access";`);
  }
}
