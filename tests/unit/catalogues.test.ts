// Every language's catalogue says everything the English one says, with the same placeholders and
// markup, and keeps the brand terms (issue 32, ADR 0057). Lingui's compiler checks neither.
import { readFileSync, readdirSync } from "node:fs";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/lib/i18n/languages";

const LOCALES = new URL("../../app/locales/", import.meta.url);
const BRAND_TERMS = ["LinkVault", "TestFlight", "App Store"];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out[prefix + key] = value;
    else flatten(value, `${prefix}${key}.`, out);
  }
  return out;
}

const read = (lang: string) => flatten(JSON.parse(readFileSync(new URL(`${lang}.json`, LOCALES), "utf8")) as Tree);

/** The argument names (`{name}`, plurals, selects) and tag names (`<link>`) a message uses. */
function placeholders(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(`{${token.arg}}`);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        names.add(`{${token.arg}}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message, { strict: false }));
  for (const [, tag] of message.matchAll(/<\/?(\w+)\/?>/g)) names.add(`<${tag}>`);
  return names;
}

const english = read("en");

describe("message catalogues", () => {
  it("exist for exactly the configured languages", () => {
    const files = readdirSync(LOCALES).filter((name) => name.endsWith(".json")).map((name) => name.replace(/\.json$/, "")).sort();
    expect(files).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it("parse as ICU MessageFormat in English", () => {
    const broken = Object.entries(english).filter(([, message]) => {
      try {
        placeholders(message);
        return false;
      } catch {
        return true;
      }
    });
    expect(broken.map(([id]) => id)).toEqual([]);
  });

  for (const { code } of LANGUAGES.filter((l) => l.code !== "en")) {
    describe(code, () => {
      const catalogue = read(code);

      it("has every English message, and no other", () => {
        expect(Object.keys(english).filter((id) => !catalogue[id]?.trim())).toEqual([]);
        expect(Object.keys(catalogue).filter((id) => !(id in english))).toEqual([]);
      });

      it("uses no placeholder or markup the English message lacks, and keeps the brand terms", () => {
        const problems: string[] = [];
        for (const [id, message] of Object.entries(catalogue)) {
          const source = english[id];
          if (source === undefined) continue;
          let used: Set<string>;
          try {
            used = placeholders(message);
          } catch (error) {
            problems.push(`${id}: does not parse (${(error as Error).message})`);
            continue;
          }
          const allowed = placeholders(source);
          for (const name of used) if (!allowed.has(name)) problems.push(`${id}: ${name} is not in the English message`);
          for (const term of BRAND_TERMS) if (source.includes(term) && !message.includes(term)) problems.push(`${id}: lost "${term}"`);
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
