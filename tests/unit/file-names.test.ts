/**
 * The file-naming convention of ADR 0029, checked over app/: a file whose main export is one React
 * component is named after it in PascalCase, hooks are useThing.ts (in app/hooks/ when shared, beside
 * their feature when not), every other module (including a module of several components) is kebab-case; `.server` (never in the browser bundle) and `.client` (Remix: never in the server
 * bundle) are the only suffixes. Route modules keep Remix's names (app/routes/, and the two legal
 * pages that remix.config.js maps).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");
const APP = join(ROOT, "app");

/** Framework entry points and route modules: named by Remix, not by this convention. */
const FRAMEWORK_FILES = ["app/root.tsx", "app/entry.client.tsx", "app/entry.server.tsx", "app/load-context.ts", "app/legal/privacy-page.tsx", "app/legal/terms-page.tsx"];
const SKIPPED_FOLDERS = ["app/routes", "app/content/generated", "app/styles", "app/service-worker"];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const SOURCE = /\.(?:d\.mts|tsx?|mjs|js)$/;
const files = filesUnder(APP)
  .map((path) => relative(ROOT, path))
  .filter((path) => SOURCE.test(path))
  .filter((path) => !FRAMEWORK_FILES.includes(path) && !SKIPPED_FOLDERS.some((folder) => path.startsWith(`${folder}/`)));

/** The name without folder, side suffix and extension: "WaitlistForm" for WaitlistForm.server.tsx. */
const stem = (path: string) => path.split("/").pop()!.replace(SOURCE, "").replace(/\.(?:server|client)$/, "");
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const HOOK = /^use[A-Z][A-Za-z0-9]*$/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Why a file breaks the convention, or null. */
function problem(path: string, readSource = () => readFileSync(join(ROOT, path), "utf8")): string | null {
  const name = stem(path);
  if (name.includes(".")) return "only .server and .client may stand between the name and the extension";
  if (path.startsWith("app/hooks/") && !(HOOK.test(name) && path.endsWith(".ts"))) return "hooks are useThing.ts";
  if (HOOK.test(name)) return path.endsWith(".ts") ? null : "hooks are useThing.ts";
  if (path.endsWith(".tsx") && PASCAL.test(name)) {
    const source = readSource();
    const exported = new RegExp(`export (?:default )?(?:function|const|class) ${name}\\b|export \\{[^}]*\\b${name}\\b[^}]*\\} from`);
    return exported.test(source) ? null : `a PascalCase file exports the component it is named after (${name}); a module of several components is kebab-case`;
  }
  return KEBAB.test(name) ? null : "modules other than single components and hooks are kebab-case";
}

describe("file names in app/ (ADR 0029)", () => {
  it("follow the convention", () => {
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((path) => {
      const why = problem(path);
      return why ? [`${path}: ${why}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("catches a file that breaks it (the check itself)", () => {
    expect(problem("app/lib/waitlistRules.ts")).toMatch(/kebab-case/);
    expect(problem("app/lib/use-thing.ts")).toBeNull();
    expect(problem("app/features/waitlist/useWaitlist.ts")).toBeNull();
    expect(problem("app/features/waitlist/useWaitlist.tsx")).toMatch(/useThing/);
    expect(problem("app/hooks/nonce.ts")).toMatch(/useThing/);
    expect(problem("app/components/layout/site_footer.tsx")).toMatch(/kebab-case/);
    expect(problem("app/components/ui/icons.tsx")).toBeNull();
    expect(problem("app/components/layout/SiteFooter.tsx", () => "export function SiteFooter() {}")).toBeNull();
    expect(problem("app/components/ui/Icons.tsx", () => "export function StarIcon() {}")).toMatch(/exports the component it is named after \(Icons\)/);
    expect(problem("app/lib/env.server.ts")).toBeNull();
    expect(problem("app/lib/env.worker.ts")).toMatch(/only .server and .client/);
  });
});
