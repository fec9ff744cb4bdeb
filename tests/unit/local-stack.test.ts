/**
 * The local stack's two re-implementations of Cloudflare behaviour (ADR 0032): the _routes.json
 * matcher (a port of wrangler's pages-dev-util) and the Cron Trigger dialect (five fields, UTC,
 * weekdays 1-7 with 1 = Sunday, as Cloudflare's docs define them).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkCronExpression, nextCronRun } from "../../scripts/local-stack/crons.mjs";
import { compileRoutes, routingRuleToRegExp, validateRoutes, type PagesRoutes } from "../../scripts/local-stack/pages-router.mjs";

describe("_routes.json rules", () => {
  it.each([
    ["/*", "/anything/at/all", true],
    ["/", "/", true],
    ["/", "/home", false],
    ["/build/*", "/build", true],
    ["/build/*", "/build/a.js", true],
    ["/build/*", "/builds", false],
    ["/favicon.svg", "/favicon.svg", true],
    ["/favicon.svg", "/favicon.svg/", true],
    ["/favicon.svg", "/faviconXsvg", false],
    ["/blog/", "/blog", true],
    ["/api*", "/api-docs", true],
  ])("%s matches %s: %s", (rule, path, matches) => {
    expect(routingRuleToRegExp(rule).test(path)).toBe(matches);
  });

  it("sends the project's excluded paths to ASSETS and the rest to the Function", () => {
    const routes = JSON.parse(readFileSync("public/_routes.json", "utf8")) as PagesRoutes;
    validateRoutes(routes);
    const routeFor = compileRoutes(routes);
    for (const path of ["/build/entry.client-X.js", "/static/x.png", "/images/a/b.webp", "/favicon.svg", "/sw.js"]) {
      expect(routeFor(path), path).toBe("asset");
    }
    for (const path of ["/", "/home", "/builder", "/sw.json", "/api/waitlist", "/waitlist/confirm"]) {
      expect(routeFor(path), path).toBe("function");
    }
  });

  it("refuses a file that is not a version 1 _routes.json", () => {
    expect(() => validateRoutes({ include: ["/*"] })).toThrow(/version/);
    expect(() => validateRoutes({ version: 1, include: [] })).toThrow();
    expect(() => validateRoutes({ version: 1, include: ["*"] })).toThrow();
  });
});

describe("Cron Triggers in Cloudflare's dialect", () => {
  const after = new Date("2026-01-01T00:00:30Z"); // a Thursday
  it.each([
    ["* * * * *", "2026-01-01T00:01:00.000Z"],
    ["*/30 * * * *", "2026-01-01T00:30:00.000Z"],
    ["0 17 * * 1", "2026-01-04T17:00:00.000Z"], // 1 = Sunday
    ["0 17 * * sun", "2026-01-04T17:00:00.000Z"],
    ["10 7 * * 2-6", "2026-01-01T07:10:00.000Z"], // Monday to Friday
    ["0 18 * * 6L", "2026-01-30T18:00:00.000Z"], // the last Friday
    ["59 23 LW * *", "2026-01-30T23:59:00.000Z"], // the last weekday
  ])("%s next runs at %s (UTC)", (expression, next) => {
    checkCronExpression(expression);
    expect(nextCronRun(expression, after)?.toISOString()).toBe(next);
  });

  it.each(["* * * * * *", "* * * *", "61 * * * *", "every minute"])("refuses %j loudly", (expression) => {
    expect(() => checkCronExpression(expression)).toThrow(expression);
  });
});
