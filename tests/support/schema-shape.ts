/**
 * The shape of a database schema, read two ways so they can be compared: from the drizzle tables
 * of app/db/schema.ts (getTableConfig) and from a migrated D1 (PRAGMA table_info, index_list,
 * index_xinfo, foreign_key_list, and sqlite_master for what PRAGMAs do not give: the text of an
 * index's expressions and WHERE clause, and AUTOINCREMENT). tests/integration/schema-drift.test.ts
 * uses it; migrations/*.sql are the source of truth, the drizzle schema must mirror them.
 */
import { is, SQL } from "drizzle-orm";
import { getTableConfig, SQLiteSyncDialect, SQLiteTable, type SQLiteColumn } from "drizzle-orm/sqlite-core";

export interface ColumnShape {
  type: string;
  notNull: boolean;
  /** The default's SQL text, normalised; null without a default. */
  default: string | null;
}

export interface IndexShape {
  unique: boolean;
  /** Key columns or expressions, normalised, with " desc" where descending. */
  columns: string[];
  /** The partial index's WHERE, normalised; null for a full index. */
  where: string | null;
}

export interface ForeignKeyShape {
  columns: string[];
  table: string;
  foreignColumns: string[];
  onDelete: string;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** The primary key's columns, in key order. */
  primaryKey: string[];
  autoIncrement: boolean;
  indexes: Record<string, IndexShape>;
  foreignKeys: ForeignKeyShape[];
}

export type SchemaShape = Record<string, TableShape>;

/** Whitespace collapsed, identifier quotes dropped, keywords lower-case (string literals kept as they are). */
export function normaliseSql(text: string): string {
  const parts = text.trim().split(/('(?:[^']|'')*')/);
  const normalised = parts
    .map((part, i) => (i % 2 === 1 ? part : part.replaceAll('"', "").replaceAll("`", "").toLowerCase().replace(/\s+/g, " ")))
    .join("")
    .replace(/\(\s+/g, "(")
    .replace(/\s+\)/g, ")")
    .trim();
  return stripOuterParentheses(normalised);
}

function stripOuterParentheses(text: string): string {
  while (text.startsWith("(") && closingParenthesis(text, 0) === text.length - 1) text = text.slice(1, -1).trim();
  return text;
}

/** The index of the `)` that closes the `(` at `open`, skipping string literals. */
function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === "'") {
      i = text.indexOf("'", i + 1);
      while (text[i + 1] === "'") i = text.indexOf("'", i + 2);
      if (i < 0) return -1;
    } else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return i;
  }
  return -1;
}

/** Top-level comma-separated parts of a list. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === "'") {
      i = list.indexOf("'", i + 1);
      while (list[i + 1] === "'") i = list.indexOf("'", i + 2);
    } else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim());
}

// ---------------------------------------------------------------------------------------------
// From drizzle

const dialect = new SQLiteSyncDialect();
const renderSql = (sql: SQL) => dialect.sqlToQuery(sql, "indexes").sql;

function literalDefault(value: unknown): string {
  if (is(value, SQL)) return normaliseSql(renderSql(value));
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

function indexColumn(column: SQLiteColumn | SQL): string {
  return is(column, SQL) ? normaliseSql(renderSql(column)).replace(/ asc$/, "") : column.name;
}

/** Every drizzle table exported by a schema module. */
export function drizzleTables(schema: Record<string, unknown>): SQLiteTable[] {
  return Object.values(schema).filter((value): value is SQLiteTable => is(value, SQLiteTable));
}

export function drizzleShape(tables: SQLiteTable[]): SchemaShape {
  const shape: SchemaShape = {};
  for (const table of tables) {
    const config = getTableConfig(table);
    const columns: TableShape["columns"] = {};
    const indexes: TableShape["indexes"] = {};
    let primaryKey: string[] = [];
    let autoIncrement = false;
    for (const column of config.columns) {
      columns[column.name] = {
        type: column.getSQLType().toUpperCase(),
        notNull: column.notNull,
        default: column.default === undefined ? null : literalDefault(column.default),
      };
      if (column.primary) primaryKey = [column.name];
      if ("autoIncrement" in column && column.autoIncrement === true) autoIncrement = true;
      if (column.isUnique) indexes[column.uniqueName ?? `${config.name}_${column.name}_unique`] = { unique: true, columns: [column.name], where: null };
    }
    for (const key of config.primaryKeys) primaryKey = key.columns.map((column) => column.name);
    for (const unique of config.uniqueConstraints) {
      indexes[unique.getName() ?? ""] = { unique: true, columns: unique.columns.map((column) => column.name), where: null };
    }
    for (const { config: index } of config.indexes) {
      indexes[index.name] = {
        unique: index.unique,
        columns: index.columns.map(indexColumn),
        where: index.where ? normaliseSql(renderSql(index.where)) : null,
      };
    }
    const foreignKeys = config.foreignKeys.map((foreignKey) => {
      const reference = foreignKey.reference();
      return {
        columns: reference.columns.map((column) => column.name),
        table: getTableConfig(reference.foreignTable).name,
        foreignColumns: reference.foreignColumns.map((column) => column.name),
        onDelete: (foreignKey.onDelete ?? "no action").toLowerCase(),
      };
    });
    shape[config.name] = { columns, primaryKey, autoIncrement, indexes, foreignKeys };
  }
  return shape;
}

// ---------------------------------------------------------------------------------------------
// From D1

interface TableInfoRow {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}
interface IndexListRow {
  name: string;
  unique: number;
  origin: "c" | "u" | "pk";
  partial: number;
}
interface IndexInfoRow {
  seqno: number;
  cid: number;
  name: string | null;
  desc: number;
  key: number;
}
interface ForeignKeyRow {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string;
  on_delete: string;
}

/** An index's key parts and WHERE clause from its CREATE INDEX statement. */
function parseCreateIndex(sql: string): { parts: string[]; where: string | null } {
  const open = sql.indexOf("(", sql.search(/\bON\b/i));
  const close = closingParenthesis(sql, open);
  const where = /^\s*WHERE\s+([\s\S]*)$/i.exec(sql.slice(close + 1));
  return { parts: splitTopLevel(sql.slice(open + 1, close)), where: where ? normaliseSql(where[1]!) : null };
}

const all = async <T>(db: D1Database, sql: string) => (await db.prepare(sql).all<T>()).results;
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the database but SQLite's and Cloudflare's own. */
export async function databaseShape(db: D1Database): Promise<SchemaShape> {
  const tables = await all<{ name: string; sql: string }>(
    db,
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name <> 'd1_migrations' ORDER BY name",
  );
  const indexSql = new Map(
    (await all<{ name: string; sql: string | null }>(db, "SELECT name, sql FROM sqlite_master WHERE type = 'index'")).map((row) => [row.name, row.sql]),
  );
  const shape: SchemaShape = {};
  for (const table of tables) {
    const info = await all<TableInfoRow>(db, `PRAGMA table_info(${quoted(table.name)})`);
    const columns: TableShape["columns"] = {};
    for (const column of info) {
      columns[column.name] = {
        type: column.type.toUpperCase(),
        // A primary key column cannot be NULL in drizzle's view; SQLite enforces it for INTEGER
        // PRIMARY KEY and WITHOUT ROWID tables. Compared as part of the key instead.
        notNull: column.notnull === 1 || column.pk > 0,
        default: column.dflt_value === null ? null : normaliseSql(column.dflt_value),
      };
    }
    const primaryKey = info
      .filter((column) => column.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((column) => column.name);

    const indexes: TableShape["indexes"] = {};
    for (const index of await all<IndexListRow>(db, `PRAGMA index_list(${quoted(table.name)})`)) {
      if (index.origin === "pk") continue;
      const keyParts = (await all<IndexInfoRow>(db, `PRAGMA index_xinfo(${quoted(index.name)})`)).filter((part) => part.key === 1).sort((a, b) => a.seqno - b.seqno);
      const created = indexSql.get(index.name);
      const parsed = created ? parseCreateIndex(created) : { parts: [], where: null };
      indexes[index.name] = {
        unique: index.unique === 1,
        // cid -2: an expression, whose text only the CREATE INDEX statement has.
        columns: keyParts.map((part, i) => {
          const base = part.cid === -2 ? normaliseSql(parsed.parts[i]!).replace(/ (asc|desc)$/, "") : part.name!;
          return part.desc ? `${base} desc` : base;
        }),
        where: index.partial === 1 ? parsed.where : null,
      };
    }

    const foreignKeyRows = await all<ForeignKeyRow>(db, `PRAGMA foreign_key_list(${quoted(table.name)})`);
    const foreignKeys = [...new Set(foreignKeyRows.map((row) => row.id))].map((id) => {
      const rows = foreignKeyRows.filter((row) => row.id === id).sort((a, b) => a.seq - b.seq);
      return { columns: rows.map((row) => row.from), table: rows[0]!.table, foreignColumns: rows.map((row) => row.to), onDelete: rows[0]!.on_delete.toLowerCase() };
    });

    shape[table.name] = { columns, primaryKey, autoIncrement: /\bAUTOINCREMENT\b/i.test(table.sql), indexes, foreignKeys };
  }
  return shape;
}

// ---------------------------------------------------------------------------------------------
// Comparison

const show = (value: unknown) => JSON.stringify(value);

/** Every difference between the drizzle schema (`schema`) and the database (`database`), one line each. */
export function schemaDifferences(schema: SchemaShape, database: SchemaShape): string[] {
  const differences: string[] = [];
  const names = (record: object) => Object.keys(record).sort();
  for (const table of names(database)) if (!(table in schema)) differences.push(`table ${table}: in the database, missing from app/db/schema.ts`);
  for (const table of names(schema)) {
    const want = schema[table]!;
    const have = database[table];
    if (!have) {
      differences.push(`table ${table}: in app/db/schema.ts, missing from the migrated database`);
      continue;
    }
    for (const column of names(have.columns)) if (!(column in want.columns)) differences.push(`${table}.${column}: column in the database, missing from app/db/schema.ts`);
    for (const column of names(want.columns)) {
      const wanted = want.columns[column]!;
      const had = have.columns[column];
      if (!had) {
        differences.push(`${table}.${column}: column in app/db/schema.ts, missing from the database`);
        continue;
      }
      for (const key of ["type", "notNull", "default"] as const) {
        if (wanted[key] !== had[key]) differences.push(`${table}.${column}: ${key} is ${show(wanted[key])} in app/db/schema.ts, ${show(had[key])} in the database`);
      }
    }
    if (show(want.primaryKey) !== show(have.primaryKey)) differences.push(`${table}: primary key ${show(want.primaryKey)} in app/db/schema.ts, ${show(have.primaryKey)} in the database`);
    if (want.autoIncrement !== have.autoIncrement) differences.push(`${table}: AUTOINCREMENT ${want.autoIncrement} in app/db/schema.ts, ${have.autoIncrement} in the database`);
    for (const index of names(have.indexes)) if (!(index in want.indexes)) differences.push(`${table}: index ${index} in the database, missing from app/db/schema.ts`);
    for (const index of names(want.indexes)) {
      const had = have.indexes[index];
      if (!had) differences.push(`${table}: index ${index} in app/db/schema.ts, missing from the database`);
      else if (show(want.indexes[index]) !== show(had)) differences.push(`${table}: index ${index} is ${show(want.indexes[index])} in app/db/schema.ts, ${show(had)} in the database`);
    }
    const keys = (foreignKeys: ForeignKeyShape[]) =>
      foreignKeys
        .map((key) => `(${key.columns.join(", ")}) → ${key.table}(${key.foreignColumns.join(", ")}) on delete ${key.onDelete}`)
        .sort()
        .join("; ") || "none";
    if (keys(want.foreignKeys) !== keys(have.foreignKeys)) {
      differences.push(`${table}: foreign keys ${keys(want.foreignKeys)} in app/db/schema.ts, ${keys(have.foreignKeys)} in the database`);
    }
  }
  return differences;
}
