import { Migration } from '@mikro-orm/migrations';

/** A report can also end in a warning to the reported user or in the removal of the reported message. */
export class Migration20261127150001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "reports" drop constraint if exists "reports_status_check";`);
    this.addSql(`alter table "reports" add constraint "reports_status_check" check ("status" in ('PENDING', 'REJECTED', 'BLOCKED', 'WARNED', 'MESSAGE_REMOVED'));`);
    // Removed messages are kept as 'deleted' rows (the chat shows 'Сообщение удалено'); the chat's own deletion uses the same column.
    this.addSql(`alter table "messages" add column if not exists "deleted_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "reports" set "status" = 'REJECTED' where "status" in ('WARNED', 'MESSAGE_REMOVED');`);
    this.addSql(`alter table "reports" drop constraint if exists "reports_status_check";`);
    this.addSql(`alter table "reports" add constraint "reports_status_check" check ("status" in ('PENDING', 'REJECTED', 'BLOCKED'));`);
  }
}
