import { Migration } from '@mikro-orm/migrations';

export class Migration20261121232220 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "likes" add column "answered" boolean not null default false;`);
    // A like is answered once its receiver swiped the sender back.
    this.addSql(`update "likes" l set "answered" = true where exists (select 1 from "likes" r where r.from_id = l.to_id and r.to_id = l.from_id);`);
    this.addSql(`create index "likes_pending_index" on "likes" ("to_id", "created_at" desc) include ("from_id") where kind = 'LIKE' and not answered;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "likes_pending_index";`);
    this.addSql(`alter table "likes" drop column "answered";`);
  }

}
