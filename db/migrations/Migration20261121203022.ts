import { Migration } from '@mikro-orm/migrations';

export class Migration20261121203022 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "sticker_packs" ("id" serial primary key, "name" varchar(64) not null, "title" varchar(128) not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "sticker_packs" add constraint "sticker_packs_name_unique" unique ("name");`);

    this.addSql(`create table "stickers" ("id" bigserial primary key, "pack_id" int not null, "position" smallint not null, "emoji" varchar(16) null, "image_id" varchar(32) not null, "file_unique_id" varchar(64) not null);`);
    this.addSql(`alter table "stickers" add constraint "stickers_pack_id_file_unique_id_unique" unique ("pack_id", "file_unique_id");`);

    this.addSql(`create table "messages" ("id" bigserial primary key, "chat_id" bigint not null, "sender_id" bigint null, "client_id" varchar(64) null, "seq" bigint not null, "type" text check ("type" in ('TEXT', 'PHOTO', 'STICKER')) not null, "text" text null, "photo_image_id" varchar(32) null, "sticker_id" bigint null, "reply_to_id" bigint null, "is_pinned" boolean not null default false, "is_edit" boolean not null default false, "created_at" timestamptz not null, "deleted_at" timestamptz null);`);
    this.addSql(`create index "messages_photo_image_id_index" on "messages" ("photo_image_id");`);
    this.addSql(`create index "messages_sticker_id_index" on "messages" ("sticker_id");`);
    this.addSql(`create index "messages_chat_created_index" on "messages" ("chat_id", "created_at");`);
    this.addSql(`alter table "messages" add constraint "messages_chat_seq_unique" unique ("chat_id", "seq");`);
    this.addSql(`alter table "messages" add constraint "messages_chat_sender_client_unique" unique ("chat_id", "sender_id", "client_id");`);

    this.addSql(`create table "user_settings" ("user_id" bigint not null, "auto_delete_messages" text check ("auto_delete_messages" in ('DAY', 'WEEK', 'MONTH', 'HALF_YEAR')) not null default 'HALF_YEAR', "allow_data_for_training" boolean not null default true, "updated_at" timestamptz not null, constraint "user_settings_pkey" primary key ("user_id"));`);

    this.addSql(`create table "user_sticker_packs" ("user_id" bigint not null, "pack_id" int not null, "added_at" timestamptz not null, constraint "user_sticker_packs_pkey" primary key ("user_id", "pack_id"));`);
    this.addSql(`create index "user_sticker_packs_pack_id_index" on "user_sticker_packs" ("pack_id");`);

    this.addSql(`alter table "stickers" add constraint "stickers_pack_id_foreign" foreign key ("pack_id") references "sticker_packs" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "messages" add constraint "messages_chat_id_foreign" foreign key ("chat_id") references "chats" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "messages" add constraint "messages_sender_id_foreign" foreign key ("sender_id") references "users" ("telegram_id") on update cascade on delete set null;`);
    this.addSql(`alter table "messages" add constraint "messages_photo_image_id_foreign" foreign key ("photo_image_id") references "images" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "messages" add constraint "messages_sticker_id_foreign" foreign key ("sticker_id") references "stickers" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "user_settings" add constraint "user_settings_user_id_foreign" foreign key ("user_id") references "users" ("telegram_id") on update cascade on delete cascade;`);

    this.addSql(`alter table "user_sticker_packs" add constraint "user_sticker_packs_user_id_foreign" foreign key ("user_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
    this.addSql(`alter table "user_sticker_packs" add constraint "user_sticker_packs_pack_id_foreign" foreign key ("pack_id") references "sticker_packs" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "stickers" drop constraint "stickers_pack_id_foreign";`);

    this.addSql(`alter table "user_sticker_packs" drop constraint "user_sticker_packs_pack_id_foreign";`);

    this.addSql(`alter table "messages" drop constraint "messages_sticker_id_foreign";`);

    this.addSql(`drop table if exists "sticker_packs" cascade;`);

    this.addSql(`drop table if exists "stickers" cascade;`);

    this.addSql(`drop table if exists "messages" cascade;`);

    this.addSql(`drop table if exists "user_settings" cascade;`);

    this.addSql(`drop table if exists "user_sticker_packs" cascade;`);
  }

}
