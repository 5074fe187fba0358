import { Migration } from '@mikro-orm/migrations';

/** The bot's conversations (a typed rejection reason) live in the database: they survive a restart and span API processes. */
export class Migration20261127000700 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "bot_conversations" ("key" varchar(64) not null, "state" jsonb not null, "updated_at" timestamptz not null, constraint "bot_conversations_pkey" primary key ("key"));`);
    this.addSql(`create index "bot_conversations_updated_at_index" on "bot_conversations" ("updated_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bot_conversations" cascade;`);
  }
}
