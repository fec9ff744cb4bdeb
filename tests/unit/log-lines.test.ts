/**
 * Every server log line (app/lib/log.server.ts) leaves out a failed query's bound parameters and
 * anything that looks like an email address, whatever the error and whatever the fields (ADR 0034).
 */
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorText, isUniqueViolation } from "~/lib/db.server";
import { logError, logInfo, logWarn } from "~/lib/log.server";

const lines: string[] = [];
function capture() {
  lines.length = 0;
  for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(String(args[0])));
}
afterEach(() => vi.restoreAllMocks());

const failedInsert = () =>
  new DrizzleQueryError(
    `insert into "contact_submissions" ("name", "email", "note") values (?, ?, 'inline literal of ada@example.com')`,
    ["Ada Lovelace", "ada@example.com"],
    new Error("D1_ERROR: UNIQUE constraint failed: contact_submissions.email: SQLITE_CONSTRAINT"),
  );

describe("errorText", () => {
  it("gives a failed query's statement and causes, never its parameters or inline literals", () => {
    const text = errorText(failedInsert());
    expect(text).toContain('Failed query: insert into "contact_submissions"');
    expect(text).toContain("UNIQUE constraint failed: contact_submissions.email");
    expect(text).not.toMatch(/Ada Lovelace|ada@example\.com|params/);
  });

  it("still recognises a unique violation through drizzle's wrapper", () => {
    expect(isUniqueViolation(failedInsert())).toBe(true);
  });
});

describe("log lines", () => {
  it("carry no parameters and no address, in the error or in any field", () => {
    capture();
    logError("event_a", failedInsert(), { note: "for bob@example.org" });
    logWarn("event_b", { error: failedInsert(), detail: "carol@example.net said no" });
    logInfo("event_c", { to: "dave@example.io", count: 2 });
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(() => JSON.parse(line)).not.toThrow();
      expect(line).not.toMatch(/@example\.|Ada Lovelace|params/);
    }
    expect(JSON.parse(lines[1]!).error).toContain("Failed query: insert into");
    expect(JSON.parse(lines[2]!)).toMatchObject({ level: "info", event: "event_c", to: "[address]", count: 2 });
  });
});
