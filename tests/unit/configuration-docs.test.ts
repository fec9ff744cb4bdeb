import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VARIABLE_NAMES } from "~/lib/env.server";

const documentedIn = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((m) => m[1]!));
/** The "Variables" section of the configuration page (the bindings have a table of their own). */
const variablesSection = (): string => readFileSync("docs/configuration.md", "utf8").split("## Variables")[1]!.split("\n## ")[0]!;

describe("every variable the site reads is documented", () => {
  it("has a row in docs/configuration.md's variables table", () => {
    const rows = documentedIn(variablesSection(), /^\| `([A-Z][A-Z0-9_]+)` \|/gm);
    expect(VARIABLE_NAMES.filter((name) => !rows.has(name))).toEqual([]);
    expect([...rows].filter((name) => !VARIABLE_NAMES.includes(name))).toEqual([]);
  });

  it("has an entry in .dev.vars.example", () => {
    const entries = documentedIn(readFileSync(".dev.vars.example", "utf8"), /^#? ?([A-Z][A-Z0-9_]+)=/gm);
    expect(VARIABLE_NAMES.filter((name) => !entries.has(name))).toEqual([]);
  });
});
