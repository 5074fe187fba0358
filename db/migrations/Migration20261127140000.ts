import { Migration } from '@mikro-orm/migrations';

/** AMENDMENTS §4.3: no consent is pre-ticked, so using a user's data for matching needs their own tick. */
export class Migration20261127140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "user_settings" alter column "allow_data_for_training" set default false;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "user_settings" alter column "allow_data_for_training" set default true;`);
  }
}
