/**
 * How the integration tests and the benchmark split a migration file into D1 statements: at a `;`
 * that ends a line, except inside a trigger's BEGIN … END (as wrangler's splitter does).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrationFiles, migrationStatements } from "../../scripts/lib/d1-migrations.mjs";

describe("migrationStatements", () => {
  it("splits at a semicolon that ends a line and leaves out comment lines", () => {
    const sql = "-- Migration number: 0009\nCREATE TABLE a (x TEXT DEFAULT ';');\n-- the index\nCREATE INDEX a_x ON a (x);\n";
    expect(migrationStatements(sql)).toEqual(["CREATE TABLE a (x TEXT DEFAULT ';')", "CREATE INDEX a_x ON a (x)"]);
  });

  it("keeps a trigger whole, from CREATE TRIGGER to its END", () => {
    const sql = [
      "CREATE TABLE a (x);",
      "CREATE TRIGGER a_counted AFTER INSERT ON a",
      "BEGIN",
      "  INSERT INTO b VALUES (NEW.x);",
      "  DELETE FROM c;",
      "END;",
      "DROP INDEX i;",
    ].join("\n");
    expect(migrationStatements(sql)).toEqual([
      "CREATE TABLE a (x)",
      "CREATE TRIGGER a_counted AFTER INSERT ON a\nBEGIN\n  INSERT INTO b VALUES (NEW.x);\nDELETE FROM c;\nEND",
      "DROP INDEX i",
    ]);
  });

  it("leaves every trigger of the project's migrations whole", () => {
    const triggers = migrationFiles().flatMap((file) => migrationStatements(readFileSync(file, "utf8"))).filter((s) => /^CREATE TRIGGER/i.test(s));
    expect(triggers.length).toBeGreaterThan(0);
    for (const trigger of triggers) expect(trigger).toMatch(/\nBEGIN\n[\s\S]*;\nEND$/);
  });
});
