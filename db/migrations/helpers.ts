import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/** An auto-numbered integer primary key on either engine (identity on PostgreSQL, AUTOINCREMENT on SQLite). */
export function autoId(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}
