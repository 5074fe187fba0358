import { Migration } from '@mikro-orm/migrations';

/** A moderation item's version: a decision applies only to the version the moderator saw. */
export class Migration20261127000300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "moderation_items" add column "version" int not null default 1;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "moderation_items" drop column "version";`);
  }
}
