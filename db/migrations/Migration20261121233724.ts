import { Migration } from '@mikro-orm/migrations';

export class Migration20261121233724 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "notification_deliveries" ("event_id" uuid not null, "recipient" bigint not null, "kind" varchar(48) not null, "status" text check ("status" in ('PENDING', 'SENT', 'SKIPPED')) not null, "updated_at" timestamptz not null, constraint "notification_deliveries_pkey" primary key ("event_id", "recipient", "kind"));`);
    this.addSql(`create index "notification_deliveries_updated_at_index" on "notification_deliveries" ("updated_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "notification_deliveries" cascade;`);
  }

}
