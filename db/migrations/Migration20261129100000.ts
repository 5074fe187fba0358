import { Migration } from '@mikro-orm/migrations';

/**
 * Introductions (AMENDMENTS §5.1): who the product has shown to whom. Existing contacts are kept: every swipe
 * (likes and dislikes, both directions), match and shared chat counts as an introduction of each side to the other.
 */
export class Migration20261129100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table if not exists "introductions" ("viewer_id" bigint not null, "subject_id" bigint not null, "created_at" timestamptz not null, constraint "introductions_pkey" primary key ("viewer_id", "subject_id"));`,
    );
    this.addSql(`create index if not exists "introductions_subject_id_index" on "introductions" ("subject_id");`);
    this.addSql(
      `alter table "introductions" add constraint "introductions_viewer_id_foreign" foreign key ("viewer_id") references "users" ("telegram_id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "introductions" add constraint "introductions_subject_id_foreign" foreign key ("subject_id") references "users" ("telegram_id") on update cascade on delete cascade;`,
    );
    this.addSql(`insert into "introductions" ("viewer_id", "subject_id", "created_at")
      select a, b, now() from (
        select from_id as a, to_id as b from "likes"
        union select to_id, from_id from "likes"
        union select user_low_id, user_high_id from "matches"
        union select user_high_id, user_low_id from "matches"
        union select x.user_id, y.user_id from "chat_members" x join "chat_members" y on y.chat_id = x.chat_id and y.user_id <> x.user_id
      ) pairs
      where a <> b
        and exists (select 1 from "users" u where u.telegram_id = a)
        and exists (select 1 from "users" u where u.telegram_id = b)
      on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "introductions" cascade;`);
  }
}
