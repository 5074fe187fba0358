import { Migration } from '@mikro-orm/migrations';

export class Migration20261121205154 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "reports" ("id" bigserial primary key, "reporter_id" bigint not null, "reported_user_id" bigint not null, "report_type" text check ("report_type" in ('PROFILE', 'MESSAGE')) not null, "reason" text check ("reason" in ('SPAM', 'HARASSMENT', 'INAPPROPRIATE_CONTENT', 'FAKE_PROFILE', 'UNDERAGE', 'VIOLENCE', 'COPYRIGHT_VIOLATION', 'OTHER')) not null, "description" text null, "message_id" bigint null, "context" jsonb not null default '{}', "status" text check ("status" in ('PENDING', 'REJECTED', 'BLOCKED')) not null default 'PENDING', "resolution" text null, "reviewer_id" bigint null, "resolved_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "reports_reported_user_id_index" on "reports" ("reported_user_id");`);
    this.addSql(`create index "reports_status_created_index" on "reports" ("status", "created_at");`);
    this.addSql(`create unique index "reports_open_pair_unique" on "reports" ("reporter_id", "reported_user_id") where status = 'PENDING';`);

    this.addSql(`alter table "user_settings" add column "notify_likes" boolean not null default true, add column "notify_matches" boolean not null default true, add column "notify_messages" boolean not null default true, add column "notify_moderation" boolean not null default true;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "reports" cascade;`);

    this.addSql(`alter table "user_settings" drop column "notify_likes", drop column "notify_matches", drop column "notify_messages", drop column "notify_moderation";`);
  }

}
