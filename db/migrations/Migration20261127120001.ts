import { Migration } from '@mikro-orm/migrations';

/** One-step undo of the last dislike in explore: when each user last took one back. */
export class Migration20261127120001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "swipe_undos" ("user_id" bigint not null, "undone_at" timestamptz not null, constraint "swipe_undos_pkey" primary key ("user_id"));`);
    this.addSql(`alter table "swipe_undos" add constraint "swipe_undos_user_id_foreign" foreign key ("user_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "swipe_undos" cascade;`);
  }
}
