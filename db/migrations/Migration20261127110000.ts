import { Migration } from '@mikro-orm/migrations';

/**
 * Search settings (AMENDMENTS §4.1): 'Кого показывать' and a looking-for filter on each profile, read by the feed
 * query for both sides. Existing users get the default of their sex and orientation; a user without a stored sex
 * (registered when it was kept only for GAY/LESBIAN) passes everyone's 'Кого показывать' and gets 'ALL'.
 */
export class Migration20261127110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "profiles" add column "search_show" text check ("search_show" in ('MALE', 'FEMALE', 'ALL')) not null default 'ALL', add column "search_looking_for" text[] not null default '{}';`);
    this.addSql(`update "profiles" set "search_show" = case when sex = 'MALE' and gender = 'GAY' then 'MALE' when sex = 'FEMALE' and gender = 'LESBIAN' then 'FEMALE' else 'ALL' end;`);

    // The feed's walks read the new columns from the index (index-only scans), as they read the rest.
    this.addSql(`drop index "profiles_feed_place_index"; drop index "profiles_feed_active_index";`);
    this.addSql(`create index "profiles_feed_place_index" on "profiles" ("place_id", "active_at" desc, "birth_date") include ("user_telegram_id", "sex", "search_show", "search_looking_for") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED';`);
    this.addSql(`create index "profiles_feed_active_index" on "profiles" ("active_at" desc, "birth_date") include ("user_telegram_id", "sex", "search_show", "search_looking_for") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED';`);

    // Feed cursors (db/feed/feed-cursors.sql.ts) stay true only if a change of who may see whom resets the
    // viewer (their own filter) and gives the profile a fresh active_at (others' walks meet it in their head).
    this.addSql(`create function feed_search_changed() returns trigger language plpgsql as $$
begin
  if new.sex is distinct from old.sex or new.search_show is distinct from old.search_show or new.search_looking_for is distinct from old.search_looking_for then
    new.active_at := greatest(new.active_at, clock_timestamp());
    insert into feed_resets (viewer_id, reset_at) values (new.user_telegram_id, clock_timestamp())
      on conflict (viewer_id) do update set reset_at = excluded.reset_at;
  end if;
  return new;
end $$;`);
    this.addSql(`create trigger profiles_feed_search before update of sex, search_show, search_looking_for on profiles
  for each row execute function feed_search_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger profiles_feed_search on profiles; drop function feed_search_changed();`);
    this.addSql(`alter table "profiles" drop column "search_show", drop column "search_looking_for";`);
    this.addSql(`create index "profiles_feed_place_index" on "profiles" ("place_id", "active_at" desc, "birth_date") include ("user_telegram_id") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED';`);
    this.addSql(`create index "profiles_feed_active_index" on "profiles" ("active_at" desc, "birth_date") include ("user_telegram_id") where initial_moderation_status = 'APPROVED' and description_moderation_status = 'APPROVED';`);
  }
}
