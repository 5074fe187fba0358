import { Migration } from '@mikro-orm/migrations';

/**
 * AMENDMENTS §5.9: no body weight is stored. The column goes with its values, and so do the copies a pending or decided
 * moderation item (a description, an edit and the values it replaces) and the admins' profile-edit audit entries still hold.
 */
export class Migration20261129400000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "profiles" drop column "weight_kg";`);
    this.addSql(`update "moderation_items" set "payload" = "payload" - 'weightKg' where "payload" ? 'weightKg';`);
    // An edit's payload holds the wanted values and the ones they replace.
    for (const part of ['changes', 'previous']) {
      this.addSql(
        `update "moderation_items" set "payload" = jsonb_set("payload", '{${part}}', ("payload" -> '${part}') - 'weightKg') where jsonb_typeof("payload" -> '${part}') = 'object' and "payload" -> '${part}' ? 'weightKg';`,
      );
    }
    this.addSql(
      `update "audit_log" set "details" = "details" #- '{before,weightKg}' #- '{after,weightKg}' where "details" -> 'before' ? 'weightKg' or "details" -> 'after' ? 'weightKg';`,
    );
  }

  override async down(): Promise<void> {
    // The dropped values are gone for good: only the empty column comes back.
    this.addSql(`alter table "profiles" add column "weight_kg" smallint null;`);
  }
}
