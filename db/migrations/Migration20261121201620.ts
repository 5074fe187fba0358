import { Migration } from '@mikro-orm/migrations';

export class Migration20261121201620 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "moderation_items" ("id" bigserial primary key, "user_id" bigint not null, "type" text check ("type" in ('INITIAL', 'PROFILE_DESCRIPTION', 'PROFILE_EDIT', 'PHOTOS')) not null, "status" text check ("status" in ('PENDING', 'APPROVED', 'REJECTED', 'DISCREPANT')) not null default 'PENDING', "payload" jsonb not null default '{}', "reason" text null, "reviewer_id" bigint null, "resolved_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "moderation_items_user_id_index" on "moderation_items" ("user_id");`);
    this.addSql(`create index "moderation_items_status_type_created_at_index" on "moderation_items" ("status", "type", "created_at");`);

    this.addSql(`create table "places" ("id" serial primary key, "name" varchar(128) not null, "name_normalized" varchar(128) not null, "country" varchar(64) not null, "region" varchar(128) null, "lat" double precision not null, "lon" double precision not null, "population" int not null default 0);`);
    this.addSql(`create index "places_name_normalized_prefix_index" on "places" ("name_normalized" text_pattern_ops);`);

    this.addSql(`create table "profiles" ("user_telegram_id" bigint not null, "display_name" varchar(32) not null, "birth_date" date not null, "city" varchar(128) not null, "place_id" int null, "sex" text check ("sex" in ('MALE', 'FEMALE')) null, "gender" text check ("gender" in ('GAY', 'LESBIAN', 'BISEXUAL', 'PANSEXUAL', 'QUEER', 'ASEXUAL')) not null, "bio" text null, "looking_for" text[] not null default '{}', "height_cm" smallint null, "weight_kg" smallint null, "consent_accepted_at" timestamptz null, "initial_moderation_status" text check ("initial_moderation_status" in ('PENDING', 'APPROVED', 'REJECTED', 'DISCREPANT')) not null default 'PENDING', "description_moderation_status" text check ("description_moderation_status" in ('PENDING', 'APPROVED', 'REJECTED', 'DISCREPANT')) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "profiles_pkey" primary key ("user_telegram_id"));`);

    this.addSql(`create table "images" ("id" varchar(32) not null, "owner_telegram_id" bigint not null, "kind" text check ("kind" in ('profile', 'avatar', 'media')) not null, "mime" varchar(32) not null, "width" int not null, "height" int not null, "bytes" int not null, "created_at" timestamptz not null, constraint "images_pkey" primary key ("id"));`);
    this.addSql(`create index "images_owner_telegram_id_index" on "images" ("owner_telegram_id");`);

    this.addSql(`create table "photos" ("id" serial primary key, "owner_telegram_id" bigint not null, "image_id" varchar(32) not null, "position" smallint not null, "status" text check ("status" in ('PENDING', 'APPROVED', 'REJECTED')) not null default 'PENDING', "created_at" timestamptz not null);`);
    this.addSql(`create index "photos_image_id_index" on "photos" ("image_id");`);
    this.addSql(`alter table "photos" add constraint "photos_owner_telegram_id_position_unique" unique ("owner_telegram_id", "position");`);

    this.addSql(`alter table "profiles" add constraint "profiles_user_telegram_id_foreign" foreign key ("user_telegram_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
    this.addSql(`alter table "profiles" add constraint "profiles_place_id_foreign" foreign key ("place_id") references "places" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "images" add constraint "images_owner_telegram_id_foreign" foreign key ("owner_telegram_id") references "users" ("telegram_id") on update cascade on delete cascade;`);

    this.addSql(`alter table "photos" add constraint "photos_owner_telegram_id_foreign" foreign key ("owner_telegram_id") references "users" ("telegram_id") on update cascade on delete cascade;`);
    this.addSql(`alter table "photos" add constraint "photos_image_id_foreign" foreign key ("image_id") references "images" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "profiles" drop constraint "profiles_place_id_foreign";`);

    this.addSql(`alter table "photos" drop constraint "photos_image_id_foreign";`);

    this.addSql(`drop table if exists "moderation_items" cascade;`);

    this.addSql(`drop table if exists "places" cascade;`);

    this.addSql(`drop table if exists "profiles" cascade;`);

    this.addSql(`drop table if exists "images" cascade;`);

    this.addSql(`drop table if exists "photos" cascade;`);
  }

}
