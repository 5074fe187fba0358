import { Migration } from '@mikro-orm/migrations';

/** Feed resets only for viewers that still exist: an account's own deletion cascades into its likes and blocks. */
export class Migration20261122031800 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function feed_reset_blocked() returns trigger language plpgsql as $$
begin
  insert into feed_resets (viewer_id, reset_at)
    select u.telegram_id, clock_timestamp() from users u where u.telegram_id in (old.blocker_id, old.blocked_id)
    on conflict (viewer_id) do update set reset_at = excluded.reset_at;
  return null;
end $$;`);
    this.addSql(`create or replace function feed_reset_unliked() returns trigger language plpgsql as $$
begin
  insert into feed_resets (viewer_id, reset_at)
    select u.telegram_id, clock_timestamp() from users u where u.telegram_id in (select from_id from gone)
    on conflict (viewer_id) do update set reset_at = excluded.reset_at;
  return null;
end $$;`);
    this.addSql(`delete from feed_resets r where not exists (select 1 from users u where u.telegram_id = r.viewer_id);`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function feed_reset_blocked() returns trigger language plpgsql as $$
begin
  insert into feed_resets (viewer_id, reset_at) values (old.blocker_id, clock_timestamp()), (old.blocked_id, clock_timestamp())
    on conflict (viewer_id) do update set reset_at = excluded.reset_at;
  return null;
end $$;`);
    this.addSql(`create or replace function feed_reset_unliked() returns trigger language plpgsql as $$
begin
  insert into feed_resets (viewer_id, reset_at) select g.from_id, clock_timestamp() from (select distinct from_id from gone) g
    on conflict (viewer_id) do update set reset_at = excluded.reset_at;
  return null;
end $$;`);
  }
}
