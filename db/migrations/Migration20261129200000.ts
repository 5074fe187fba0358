import { Migration } from '@mikro-orm/migrations';

/**
 * AMENDMENTS §5.6: the database browser no longer edits users' messages, and the audit log keeps no message text.
 * Entries of earlier browser edits of a message's text held the old and new text: they are deleted.
 */
export class Migration20261129200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `delete from "audit_log" where "action" = 'db.update' and "target_type" = 'Message' and ("details" -> 'before' -> 'text' is not null or "details" -> 'after' -> 'text' is not null);`,
    );
  }

  override async down(): Promise<void> {
    // The deleted text is gone for good: nothing to put back.
  }
}
