// Version 23: files an employer's admin uploaded in the console to preview, kept for an hour for the
// publish step. What is kept is the checked batch (never the raw file): the employment records and
// prepared pay run, or the checked PDFs (console_upload_files), with the problems the preview found. `published_at` is set
// in the same transaction as the publication, so an upload is published once however often it is sent.
import type { PortalMigration } from './types';
import { columnTypes, migrationName } from './types';

export const consoleUploads: PortalMigration = {
  name: migrationName(__filename),
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('console_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('employer_id', 'text', (c) => c.notNull().references('employers.id'))
      /** The admin who uploaded it (identity_users.id). */
      .addColumn('admin', 'text', (c) => c.notNull())
      // 'json' | 'csv' (a pay run) | 'documents'
      .addColumn('format', 'text', (c) => c.notNull())
      /** The checked batch (JSON), or null when the preview found problems. */
      .addColumn('content', 'text')
      /** SHA-256 of the bytes uploaded. */
      .addColumn('content_hash', 'text', (c) => c.notNull())
      /** The preview's answer (JSON): what the publish step repeats and refuses by. */
      .addColumn('preview', 'text', (c) => c.notNull())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('published_at', t.timestamp)
      /** What publishing it answered (JSON), for a repeat. */
      .addColumn('result', 'text')
      .execute();
    await db.schema.createIndex('console_uploads_expiry').on('console_uploads').column('expires_at').execute();
    // The PDFs of a documents upload, as checked and written anew, one row each.
    await db.schema
      .createTable('console_upload_files')
      .addColumn('upload_id', 'text', (c) => c.notNull().references('console_uploads.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('content', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addPrimaryKeyConstraint('console_upload_files_pk', ['upload_id', 'position'])
      .execute();
  },
};
