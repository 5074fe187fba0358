import { Migration } from '@mikro-orm/migrations';

export class Migration20261121205846 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "moderation_posts" ("id" bigserial primary key, "subject" text check ("subject" in ('ITEM', 'REPORT')) not null, "subject_id" bigint not null, "chat_id" bigint not null, "message_id" int not null, "text" text not null, "is_caption" boolean not null default false, "created_at" timestamptz not null);`);
    this.addSql(`create index "moderation_posts_subject_index" on "moderation_posts" ("subject", "subject_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "moderation_posts" cascade;`);
  }

}
