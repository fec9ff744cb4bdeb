/**
 * The file-naming convention of ADR 0029, checked over app/: a file whose main export is a React
 * component is named after it in PascalCase, hooks are useThing.ts, every other module is
 * kebab-case; `.server` (never in the browser bundle) and `.client` (Remix: never in the server
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

// Temporary (issue 15): files that other helpers are moving or renaming in parallel. Removed when
// i15-render / i15-forms merge (each is listed in the plumbing report).
const TEMPORARY_ALLOWLIST = [
  // i15-render: app/components/landing and app/components/ui
  "app/components/landing/how-it-works-drawings.tsx",
  "app/components/landing/how-it-works-drawings.server.tsx",
  "app/components/landing/late-sections.tsx",
  "app/components/landing/late-sections.server.tsx",
  "app/components/landing/waitlist-intro.tsx",
  "app/components/landing/waitlist-intro.server.tsx",
  "app/components/landing/mock-screens/MockChrome.tsx",
  "app/components/landing/ComingSoonPlatforms.server.tsx", // the server-only shims re-export *Markup
  "app/components/landing/FeatureGrid.server.tsx",
  "app/components/landing/LinkSanitizationHighlight.server.tsx",
  "app/components/landing/SupportSection.server.tsx",
  "app/components/ui/Icons.tsx",
  "app/components/ui/LateHydration.tsx",
  "app/components/ui/StaticIsland.tsx",
  // i15-forms: app/components/notify
  "app/components/notify/NotifyContext.tsx",
];

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
function problem(path: string): string | null {
  const name = stem(path);
  if (name.includes(".")) return "only .server and .client may stand between the name and the extension";
  if (path.startsWith("app/hooks/")) return HOOK.test(name) && path.endsWith(".ts") ? null : "hooks are useThing.ts";
  if (path.endsWith(".tsx")) {
    if (!PASCAL.test(name)) return "a component file is named after its component, in PascalCase";
    const source = readFileSync(join(ROOT, path), "utf8");
    const exported = new RegExp(`export (?:default )?(?:function|const|class) ${name}\\b|export \\{[^}]*\\b${name}\\b[^}]*\\} from`);
    return exported.test(source) ? null : `its main export should be the component ${name}`;
  }
  if (HOOK.test(name)) return "hooks live in app/hooks/";
  return KEBAB.test(name) ? null : "modules other than components and hooks are kebab-case";
}

describe("file names in app/ (ADR 0029)", () => {
  it("follow the convention", () => {
    expect(files.length).toBeGreaterThan(100);
    const problems = files.filter((path) => !TEMPORARY_ALLOWLIST.includes(path)).flatMap((path) => {
      const why = problem(path);
      return why ? [`${path}: ${why}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it("catches a file that breaks it (the check itself)", () => {
    expect(problem("app/lib/waitlistRules.ts")).toMatch(/kebab-case/);
    expect(problem("app/lib/use-thing.ts")).toBeNull();
    expect(problem("app/features/waitlist/useWaitlist.ts")).toMatch(/app\/hooks/);
    expect(problem("app/hooks/nonce.ts")).toMatch(/useThing/);
    expect(problem("app/components/layout/site-footer.tsx")).toMatch(/PascalCase/);
    expect(problem("app/components/layout/SiteFooter.tsx")).toBeNull();
    expect(problem("app/components/ui/Icons.tsx")).toMatch(/main export should be the component Icons/);
    expect(problem("app/lib/env.server.ts")).toBeNull();
    expect(problem("app/lib/env.worker.ts")).toMatch(/only .server and .client/);
  });
});
