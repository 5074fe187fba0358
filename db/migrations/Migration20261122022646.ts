import { Migration } from '@mikro-orm/migrations';

export class Migration20261122022646 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "feed_resets" ("viewer_id" bigint not null, "reset_at" timestamptz not null, constraint "feed_resets_pkey" primary key ("viewer_id"));`);

    this.addSql(`create table "feed_cursors" ("viewer_id" bigint not null, "place_id" int not null, "band_from" date not null, "band_to" date not null, "active_at" timestamptz not null, "computed_at" timestamptz not null, constraint "feed_cursors_pkey" primary key ("viewer_id", "place_id"));`);

    this.addSql(`alter table "feed_cursors" add constraint "feed_cursors_viewer_id_foreign" foreign key ("viewer_id") references "users" ("telegram_id") on update cascade on delete cascade;`);

    // A cache of walks: losing it costs one full walk, so no WAL (a cursor moves on most swipes). Both tables go
    // together after a crash (unlogged tables come back empty), so a cursor never outlives its reset.
    this.addSql(`alter table "feed_cursors" set unlogged;`);
    this.addSql(`alter table "feed_resets" set unlogged;`);

    // Feed cursors (db/feed/feed-cursors.sql.ts) stay true only if whatever makes a profile showable again either
    // gives it a fresh active_at or resets the viewers it concerns. Triggers, so that no path can forget.
    this.addSql(`create function feed_profile_reentry() returns trigger language plpgsql as $$
begin
  if (new.initial_moderation_status = 'APPROVED' and new.description_moderation_status = 'APPROVED'
      and not coalesce(old.initial_moderation_status = 'APPROVED' and old.description_moderation_status = 'APPROVED', false))
     or new.place_id is distinct from old.place_id or new.birth_date is distinct from old.birth_date then
    new.active_at := greatest(new.active_at, clock_timestamp());
  end if;
  return new;
end $$;`);
    this.addSql(`create trigger profiles_feed_reentry before update of initial_moderation_status, description_moderation_status, place_id, birth_date on profiles
  for each row execute function feed_profile_reentry();`);

    // Unbanned: showable again. Seen (last_seen_at, written at most once a minute): active_at follows, hourly.
    this.addSql(`create function feed_user_activity() returns trigger language plpgsql as $$
begin
  if old.is_banned and not new.is_banned then
    update profiles set active_at = greatest(active_at, clock_timestamp()) where user_telegram_id = new.telegram_id;
  elsif new.last_seen_at is distinct from old.last_seen_at then
    update profiles set active_at = clock_timestamp() where user_telegram_id = new.telegram_id and active_at < clock_timestamp() - interval '1 hour';
  end if;
  return null;
end $$;`);
    this.addSql(`create trigger users_feed_activity after update of is_banned, last_seen_at on users for each row execute function feed_user_activity();`);

    this.addSql(`create function feed_reset_blocked() returns trigger language plpgsql as $$
begin
  insert into feed_resets (viewer_id, reset_at) values (old.blocker_id, clock_timestamp()), (old.blocked_id, clock_timestamp())
    on conflict (viewer_id) do update set reset_at = excluded.reset_at;
  return null;
end $$;`);
    this.addSql(`create trigger blocks_feed_reset after delete on blocks for each row execute function feed_reset_blocked();`);

    this.addSql(`create function feed_reset_unliked() returns trigger language plpgsql as $$
begin
  insert into feed_resets (viewer_id, reset_at) select g.from_id, clock_timestamp() from (select distinct from_id from gone) g
    on conflict (viewer_id) do update set reset_at = excluded.reset_at;
  return null;
end $$;`);
    this.addSql(`create trigger likes_feed_reset after delete on likes referencing old table as gone for each statement execute function feed_reset_unliked();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger likes_feed_reset on likes; drop function feed_reset_unliked();`);
    this.addSql(`drop trigger blocks_feed_reset on blocks; drop function feed_reset_blocked();`);
    this.addSql(`drop trigger users_feed_activity on users; drop function feed_user_activity();`);
    this.addSql(`drop trigger profiles_feed_reentry on profiles; drop function feed_profile_reentry();`);
    this.addSql(`drop table if exists "feed_resets" cascade;`);

    this.addSql(`drop table if exists "feed_cursors" cascade;`);
  }

}
