import { Migration } from '@mikro-orm/migrations';

export class Migration20261121202335 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "chats" ("id" bigserial primary key, "pair_key" varchar(48) not null, "created_at" timestamptz not null, "last_message_at" timestamptz null, "last_seq" bigint not null default 0);`);
    this.addSql(`alter table "chats" add constraint "chats_pair_key_unique" unique ("pair_key");`);

    this.addSql(`create table "notification_marks" ("user_id" bigint not null, "kind" varchar(32) not null, "key" varchar(64) not null, "sent_at" timestamptz not null, constraint "notification_marks_pkey" primary key ("user_id", "kind", "key"));`);

    this.addSql(`create table "matches" ("user_low_id" bigint not null, "user_high_id" bigint not null, "matched_at" timestamptz not null, "chat_id" bigint not null, constraint "matches_pkey" primary key ("user_low_id", "user_high_id"), constraint matches_ordered_pair_check check (user_low_id < user_high_id));`);
    this.addSql(`create index "matches_user_high_id_index" on "matches" ("user_high_id");`);

    this.addSql(`create table "likes" ("from_id" bigint not null, "to_id" bigint not null, "kind" text check ("kind" in ('LIKE', 'DISLIKE')) not null, "created_at" timestamptz not null, "seen_at" timestamptz null, constraint "likes_pkey" primary key ("from_id", "to_id"));`);
    this.addSql(`create index "likes_to_kind_created_index" on "likes" ("to_id", "kind", "created_at");`);

    this.addSql(`create table "chat_members" ("chat_id" bigint not null, "user_id" bigint not null, "last_read_seq" bigint not null default 0, "archived" boolean not null default false, "joined_at" timestamptz not null, constraint "chat_members_pkey" primary key ("chat_id", "user_id"));`);
    this.addSql(`create index "chat_members_user_index" on "chat_members" ("user_id");`);

    this.addSql(`create table "blocks" ("blocker_id" bigint not null, "blocked_id" bigint not null, "created_at" timestamptz not null, constraint "blocks_pkey" primary key ("blocker_id", "blocked_id"));`);
    this.addSql(`create index "blocks_blocked_id_index" on "blocks" ("blocked_id");`);

    this.addSql(`alter table "matches" add constraint "matches_user_low_id_foreign" foreign key ("user_low_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
    this.addSql(`alter table "matches" add constraint "matches_user_high_id_foreign" foreign key ("user_high_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
    this.addSql(`alter table "matches" add constraint "matches_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "likes" add constraint "likes_from_id_foreign" foreign key ("from_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
    this.addSql(`alter table "likes" add constraint "likes_to_id_foreign" foreign key ("to_id") references "users" ("telegram_id") on update cascade on delete cascade;`);

    this.addSql(`alter table "chat_members" add constraint "chat_members_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "chat_members" add constraint "chat_members_user_id_foreign" foreign key ("user_id") references "users" ("telegram_id") on update cascade on delete cascade;`);

    this.addSql(`alter table "blocks" add constraint "blocks_blocker_id_foreign" foreign key ("blocker_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
    this.addSql(`alter table "blocks" add constraint "blocks_blocked_id_foreign" foreign key ("blocked_id") references "users" ("telegram_id") on update cascade on delete cascade;`);

    this.addSql(`alter table "profiles" add column "active_at" timestamptz not null;`);
    this.addSql(`create index "profiles_feed_place_index" on "profiles" ("place_id", "active_at" desc, "birth_date") include ("user_telegram_id") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED';`);
    this.addSql(`create index "profiles_feed_active_index" on "profiles" ("active_at" desc, "birth_date") include ("user_telegram_id") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED';`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "matches" drop constraint "matches_chat_id_foreign";`);

    this.addSql(`alter table "chat_members" drop constraint "chat_members_chat_id_foreign";`);

    this.addSql(`drop table if exists "chats" cascade;`);

    this.addSql(`drop table if exists "notification_marks" cascade;`);

    this.addSql(`drop table if exists "matches" cascade;`);

    this.addSql(`drop table if exists "likes" cascade;`);

    this.addSql(`drop table if exists "chat_members" cascade;`);

    this.addSql(`drop table if exists "blocks" cascade;`);

    this.addSql(`drop index "profiles_feed_place_index";`);
    this.addSql(`drop index "profiles_feed_active_index";`);
    this.addSql(`alter table "profiles" drop column "active_at";`);
  }

}
