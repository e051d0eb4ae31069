import Database from 'better-sqlite3';

/** Rows of a table in a playground's SQLite file, read directly (for plugin tables no API exposes yet). */
export function sqliteRows(databaseFile: string, table: string): Record<string, unknown>[] {
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}
