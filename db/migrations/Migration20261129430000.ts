import { Migration } from '@mikro-orm/migrations';

/** The face check of profile photos (issue 43): faces found, the main face's apparent age and the model, nothing else. */
export class Migration20261129430000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "images" add column if not exists "face_check" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "images" drop column if exists "face_check";`);
  }
}
