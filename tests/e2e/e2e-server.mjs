// The dev server `npm start` runs, set up for the end-to-end tests: fresh state migrated and seeded, the
// e2e owner made by `npm run admin:create`, and the cron's own schedule off (a cron minute could fall
// in the middle of any test, so a test that needs the companion Worker's cron runs it itself with
// runJobsCron in helpers.ts, exactly when it says). tests/e2e/server.mjs runs the suite's; a test that
// needs other variables (Turnstile on, say) starts one of its own.
import { startFreshDevServer } from "../support/fresh-dev-server.mjs";
import { E2E_ADMIN } from "./admin-account.mjs";
import { thirdPartyBindings } from "./third-parties.mjs";

/**
 * What the tests need on top of the development settings: test mode; rate limits raised so many
 * sign-ups from one address are not refused (the limits themselves are covered by the integration
 * tests); the third-party services pointed at their stand-ins on 127.0.0.1 (third-parties.mjs,
 * started by the global setup for the suite's port). A new stand-in's URL goes here.
 */
export function e2eVars(port) {
  return {
    APP_ENV: "test",
    WAITLIST_RATE_LIMIT_MAX: "100000",
    CONTACT_RATE_LIMIT_MAX: "100000",
    ADMIN_LOGIN_RATE_LIMIT_MAX: "100000",
    ANALYTICS_RATE_LIMIT_MAX: "100000",
    // A loaded machine can keep even a local D1 read past the 500 ms production deadline, and the page
    // would then hide its reviews; the deadline itself is covered by tests/integration/faults.test.ts.
    PUBLIC_READ_DEADLINE_MS: "60000",
    ...Object.fromEntries(thirdPartyBindings(port).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])),
  };
}

/** Starts it; `vars` go over e2eVars(port). Other options as startFreshDevServer's. */
export function startE2eServer({ port, vars = {}, ...options }) {
  return startFreshDevServer({ name: "e2e-state", ...options, port, vars: { ...e2eVars(port), ...vars }, crons: false, admin: { ...E2E_ADMIN, role: "owner" } });
}
