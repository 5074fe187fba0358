import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 42: jobs committed with the change that calls for them (a plain insert in its transaction) and moved into
 * graphile-worker's queue in batches (db/events/job-outbox.ts), instead of one graphile_worker.add_job per change.
 */
export class Migration20261129600000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "job_outbox" ("id" bigserial primary key, "task" text not null, "payload" jsonb not null, "job_key" text null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "job_outbox";`);
  }
}
