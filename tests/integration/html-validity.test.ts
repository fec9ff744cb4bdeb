/**
 * The Nu Html Checker (vnu.jar, the W3C validator's engine) on the HTML of every public page, as
 * the real pipeline renders it: the pages of the sitemap and those it leaves out, the form pages'
 * answers without JavaScript, the not-found page and the pipeline's own error page. One JVM start
 * checks them all. Warnings are allowed; an error fails with its page, line and message.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REQUEST_BODY_BYTES } from "~/lib/constants";
import { createTestApp, formPost, migrationStatements, type TestApp } from "../support/app";
import { listPublicPages } from "../support/public-pages";

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let app: TestApp;
let workDir: string;
beforeAll(async () => {
  app = await createTestApp();
  // The demo reviews and settings, so the landing page renders its reviews section too.
  const seed = migrationStatements(readFileSync("scripts/seed-demo.sql", "utf8"));
  await app.db.batch(seed.map((statement) => app.db.prepare(statement)));
  workDir = mkdtempSync(join(tmpdir(), "nu-check-"));
});
afterAll(async () => {
  await app.dispose();
  rmSync(workDir, { recursive: true, force: true });
});

/** Pages reached by sending something: form answers without JavaScript and the pipeline's error page. */
function sentPages(): [label: string, request: () => Request][] {
  const contact = { name: "Ada Lovelace", email: "ada@example.com", subject: "Import from Pocket", message: "Could LinkVault import my Pocket export?", submissionTime: "1" };
  return [
    ["POST /waitlist (signed up)", () => formPost("/waitlist", { email: "nu-ok@example.com", submissionTime: "1" }, "203.0.113.61")],
    ["POST /waitlist (invalid email)", () => formPost("/waitlist", { email: "not an email", submissionTime: "1" }, "203.0.113.62")],
    ["POST /notify (signed up)", () => formPost("/notify?platform=android&intent=waitlist", { email: "nu-notify@example.com", platform: "android", intent: "waitlist", submissionTime: "1" }, "203.0.113.63")],
    ["POST /contact (sent)", () => formPost("/contact", contact, "203.0.113.64")],
    ["POST /contact (too short)", () => formPost("/contact", { ...contact, message: "hi" }, "203.0.113.65")],
    // The pipeline's own page for failures outside React (413 here; 403 and 500 use the same markup).
    ["POST /waitlist (413 too large)", () => formPost("/waitlist", { email: "x".repeat(MAX_REQUEST_BODY_BYTES + 1) }, "203.0.113.66")],
  ];
}

async function collectPages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const paths = await listPublicPages(async (path) => (await app.fetch(path)).text());
  for (const path of paths) {
    const response = await app.fetch(path);
    expect(response.headers.get("Content-Type"), path).toContain("text/html");
    pages.set(`GET ${path} (${response.status})`, await response.text());
  }
  for (const [label, request] of sentPages()) {
    const response = await app.fetch(request());
    expect(response.headers.get("Content-Type"), label).toContain("text/html");
    pages.set(label, await response.text());
  }
  return pages;
}

function runNuChecker(files: string[]): VnuMessage[] {
  const result = spawnSync("java", ["-jar", VNU_JAR, "--format", "json", "--stdout", ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    throw new Error(`The Nu Html Checker needs a Java runtime on PATH (Debian: apt-get install default-jre-headless): ${result.error.message}`);
  }
  return (JSON.parse(result.stdout) as { messages: VnuMessage[] }).messages;
}

describe("Nu Html Checker", () => {
  it("finds no errors in any public page", { timeout: 180_000 }, async () => {
    const pages = await collectPages();
    const labelOf = new Map<string, string>();
    const files = [...pages].map(([label, html], index) => {
      const file = join(workDir, `page-${index}.html`);
      writeFileSync(file, html);
      labelOf.set(pathToFileURL(file).href, label);
      return file;
    });

    const messages = runNuChecker(files);
    const describe = (m: VnuMessage) => `${labelOf.get(m.url?.replace(/^file:\//, "file:///") ?? "") ?? m.url} line ${m.lastLine}: ${m.message}${m.extract ? ` «${m.extract.trim()}»` : ""}`;
    const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning").map(describe);
    if (warnings.length > 0) console.info(`Nu Html Checker warnings (allowed):\n${warnings.join("\n")}`);

    expect(pages.size).toBeGreaterThanOrEqual(30);
    expect(messages.filter((m) => m.type !== "info").map(describe)).toEqual([]);
  });
});
