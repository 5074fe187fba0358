import { Migration } from '@mikro-orm/migrations';

export class Migration20261121200656 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "audit_log" ("id" bigserial primary key, "actor_id" bigint null, "action" varchar(64) not null, "target_type" varchar(64) null, "target_id" varchar(128) null, "details" jsonb not null default '{}', "at" timestamptz not null);`);
    this.addSql(`create index "audit_log_actor_id_index" on "audit_log" ("actor_id");`);
    this.addSql(`create index "audit_log_target_id_index" on "audit_log" ("target_id");`);

    this.addSql(`create table "users" ("telegram_id" bigint not null, "username" varchar(64) null, "first_name" varchar(128) null, "last_name" varchar(128) null, "language_code" varchar(16) null, "is_premium" boolean not null default false, "photo_url" text null, "custom_photo_url" text null, "role" text check ("role" in ('USER', 'MODERATOR', 'ADMIN')) not null default 'USER', "is_banned" boolean not null default false, "ban_reason" text null, "banned_at" timestamptz null, "created_at" timestamptz not null, "last_seen_at" timestamptz null, constraint "users_pkey" primary key ("telegram_id"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_log" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);
  }

}
