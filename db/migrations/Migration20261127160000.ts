import { Migration } from '@mikro-orm/migrations';

/**
 * Image screening (issue #27): scores and verdict on images, scores and `sensitive` on stickers, `sensitive` on
 * messages, the screening events the admin stats count, and the screening's own report reason.
 */
export class Migration20261127160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "images" add column if not exists "screening" jsonb null;`);
    this.addSql(
      `alter table "images" add column if not exists "screening_verdict" text check ("screening_verdict" in ('clean', 'borderline', 'explicit')) null;`,
    );
    this.addSql(`alter table "stickers" add column if not exists "screening" jsonb null;`);
    this.addSql(`alter table "stickers" add column if not exists "sensitive" boolean not null default false;`);
    this.addSql(`alter table "messages" add column if not exists "sensitive" boolean not null default false;`);
    this.addSql(
      `create table if not exists "screening_events" ("id" bigserial primary key, "user_id" bigint not null, "place" text check ("place" in ('PROFILE', 'CHAT', 'STICKER_PACK')) not null, "outcome" text check ("outcome" in ('REFUSED', 'FLAGGED', 'WARNED')) not null, "created_at" timestamptz not null);`,
    );
    this.addSql(`create index if not exists "screening_events_created_index" on "screening_events" ("created_at");`);
    this.addSql(`create index if not exists "screening_events_user_index" on "screening_events" ("user_id", "outcome", "created_at");`);
    this.addSql(`alter table "reports" drop constraint if exists "reports_reason_check";`);
    this.addSql(
      `alter table "reports" add constraint "reports_reason_check" check ("reason" in ('SPAM', 'HARASSMENT', 'INAPPROPRIATE_CONTENT', 'FAKE_PROFILE', 'UNDERAGE', 'VIOLENCE', 'COPYRIGHT_VIOLATION', 'OTHER', 'EXPLICIT_PHOTOS'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`update "reports" set "reason" = 'INAPPROPRIATE_CONTENT' where "reason" = 'EXPLICIT_PHOTOS';`);
    this.addSql(`alter table "reports" drop constraint if exists "reports_reason_check";`);
    this.addSql(
      `alter table "reports" add constraint "reports_reason_check" check ("reason" in ('SPAM', 'HARASSMENT', 'INAPPROPRIATE_CONTENT', 'FAKE_PROFILE', 'UNDERAGE', 'VIOLENCE', 'COPYRIGHT_VIOLATION', 'OTHER'));`,
    );
    this.addSql(`drop table if exists "screening_events";`);
    this.addSql(`alter table "messages" drop column if exists "sensitive";`);
    this.addSql(`alter table "stickers" drop column if exists "sensitive";`);
    this.addSql(`alter table "stickers" drop column if exists "screening";`);
    this.addSql(`alter table "images" drop column if exists "screening_verdict";`);
    this.addSql(`alter table "images" drop column if exists "screening";`);
  }
}
