/**
 * The Nu Html Checker (vnu.jar, the W3C validator's engine) on the HTML of every public page, as the
 * dev server `npm start` runs renders it: the pages of the sitemap and those it leaves out, the form
 * pages' answers without JavaScript, the not-found page and the pipeline's own error page. One JVM
 * start checks them all. Warnings are allowed; an error fails with its page, line and message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_REQUEST_BODY_BYTES } from "~/lib/constants";
import { startFreshDevServer, type FreshDevServer } from "../support/fresh-dev-server.mjs";
import { checkHtml } from "../support/nu-html-checker";
import { listPublicPages } from "../support/public-pages";
import { postForm } from "../support/stack";

let server: FreshDevServer;
beforeAll(async () => {
  // Seeded as `npm start` seeds it: the demo reviews and settings, so the landing page renders its reviews section too.
  server = await startFreshDevServer({ name: "html-validity" });
});
afterAll(async () => {
  await server?.stop();
});

/** Pages reached by sending something: form answers without JavaScript and the pipeline's error page. */
function sentPages(): [label: string, send: () => Promise<Response>][] {
  const contact = { name: "Ada Lovelace", email: "ada@example.com", subject: "Import from Pocket", message: "Could LinkVault import my Pocket export?", submissionTime: "1" };
  const post = (path: string, fields: Record<string, string>, clientIp: string) => () => postForm(server.origin, path, fields, clientIp);
  return [
    ["POST /waitlist (signed up)", post("/waitlist", { email: "nu-ok@example.com", submissionTime: "1" }, "203.0.113.61")],
    ["POST /waitlist (invalid email)", post("/waitlist", { email: "not an email", submissionTime: "1" }, "203.0.113.62")],
    ["POST /notify (signed up)", post("/notify?platform=android&intent=waitlist", { email: "nu-notify@example.com", platform: "android", intent: "waitlist", submissionTime: "1" }, "203.0.113.63")],
    ["POST /contact (sent)", post("/contact", contact, "203.0.113.64")],
    ["POST /contact (too short)", post("/contact", { ...contact, message: "hi" }, "203.0.113.65")],
    // The pipeline's own page for failures outside React (413 here; 403 and 500 use the same markup).
    ["POST /waitlist (413 too large)", post("/waitlist", { email: "x".repeat(MAX_REQUEST_BODY_BYTES + 1) }, "203.0.113.66")],
  ];
}

async function collectPages(): Promise<Map<string, string>> {
  const get = (path: string) => fetch(new URL(path, server.origin), { headers: { Accept: "text/html" } });
  const pages = new Map<string, string>();
  const paths = await listPublicPages(async (path) => (await get(path)).text());
  for (const path of paths) {
    const response = await get(path);
    expect(response.headers.get("Content-Type"), path).toContain("text/html");
    pages.set(`GET ${path} (${response.status})`, await response.text());
  }
  for (const [label, send] of sentPages()) {
    const response = await send();
    expect(response.headers.get("Content-Type"), label).toContain("text/html");
    pages.set(label, await response.text());
  }
  return pages;
}

describe("Nu Html Checker", () => {
  it("finds no errors in any public page", { timeout: 180_000 }, async () => {
    const pages = await collectPages();
    const { errors, warnings } = checkHtml(pages);
    if (warnings.length > 0) console.info(`Nu Html Checker warnings (allowed):\n${warnings.join("\n")}`);

    expect(pages.size).toBeGreaterThanOrEqual(30);
    expect(errors).toEqual([]);
  });
});
