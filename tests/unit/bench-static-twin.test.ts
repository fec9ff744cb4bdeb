/** The static twin Lighthouse holds our pages against (scripts/bench/static-twin.mjs): the same HTML without its scripts. */
import { describe, expect, it } from "vitest";
import { withoutScripts } from "../../scripts/bench/static-twin.mjs";

describe("withoutScripts", () => {
  it("drops every script the browser would run and every module preload, and keeps the markup and data blocks", () => {
    const html = [
      '<html lang="de"><head><link rel="stylesheet" href="/build/app.css"/>',
      '<link rel="modulepreload" href="/build/entry.client-X.js"/>',
      '<script nonce="n">window.dataLayer=[];</script>',
      '<script type="application/ld+json">{"@type":"FAQPage"}</script>',
      "</head><body><main><h1>Hallo</h1></main>",
      '<script type="application/json" id="analytics-config">{"on":false}</script>',
      '<script nonce="n">window.__remixContext = {"state":{}};</script>',
      '<script type="module" nonce="n">import "/build/entry.client-X.js";</script>',
      "<SCRIPT>alert(1)</SCRIPT ></body></html>",
    ].join("");
    const twin = withoutScripts(html);
    expect(twin).not.toMatch(/modulepreload|dataLayer|__remixContext|entry\.client|alert/i);
    expect(twin).toContain('<link rel="stylesheet" href="/build/app.css"/>');
    expect(twin).toContain('<script type="application/ld+json">{"@type":"FAQPage"}</script>');
    expect(twin).toContain('<script type="application/json" id="analytics-config">{"on":false}</script>');
    expect(twin).toContain("<main><h1>Hallo</h1></main>");
  });
});
