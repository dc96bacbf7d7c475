// Version 7: a code request remembers how it was sent and how many wrong tries it has had, so the
// link page can come back after a reload from what the server knows (GET .../linking_code_request),
// and a wrong code can say how many tries are left, the same whether or not a record matched.
import type { PortalMigration } from './types';
import { migrationName } from './types';

export const linkRequestState: PortalMigration = {
  name: migrationName(__filename),
  async up(db) {
    // Requests from before this version have no channel (the page then keeps its own).
    await db.schema.alterTable('link_requests').addColumn('channel', 'text').execute();
    await db.schema
      .alterTable('link_requests')
      .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
