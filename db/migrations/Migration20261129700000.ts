import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 42: the feed ranked every place by its distance to the viewer's on every card; the 300 nearest of each place
 * (itself first, then by distance as the feed ordered them, ties by id) are kept in `place_neighbours`, rebuilt by a
 * statement trigger whenever places change (they are loaded once, by ensurePlaces).
 */
export class Migration20261129700000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "place_neighbours" ("place_id" int not null, "nearest" integer[] not null, primary key ("place_id"));`);
    this.addSql(`create function place_neighbours_refresh() returns void language sql as $$
  delete from place_neighbours;
  insert into place_neighbours (place_id, nearest)
  select o.id, array(
    select pl.id from places pl
     order by pl.id = o.id desc, (pl.lat - o.lat) ^ 2 + ((pl.lon - o.lon) * cos(radians(o.lat))) ^ 2, pl.id
     limit 300)
    from places o;
$$;`);
    this.addSql(`create function places_changed() returns trigger language plpgsql as $$
begin
  perform place_neighbours_refresh();
  return null;
end $$;`);
    this.addSql(`create trigger places_neighbours after insert or update of id, lat, lon or delete on places
  for each statement execute function places_changed();`);
    this.addSql(`create trigger places_neighbours_truncate after truncate on places
  for each statement execute function places_changed();`);
    // The places already loaded.
    this.addSql(`select place_neighbours_refresh();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger places_neighbours_truncate on places; drop trigger places_neighbours on places;`);
    this.addSql(`drop function places_changed(); drop function place_neighbours_refresh();`);
    this.addSql(`drop table if exists "place_neighbours";`);
  }
}
