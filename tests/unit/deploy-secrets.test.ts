// Which secrets `npm run deploy` sets (scripts/deploy/secrets.mjs, ADR 0042): only what is missing,
// generated or from the settings, and the shared ones always equal on the site and the companion Worker.
import { describe, expect, it } from "vitest";
import { GENERATED_SECRETS, planSecrets, SHARED_SECRETS } from "../../scripts/deploy/secrets.mjs";

const SETTINGS = { SITE_URL: "https://linkvault.example", EMAIL_FROM: "hello@linkvault.example", EMAIL_API_KEY: "re_key_0123456789", TURNSTILE_SECRET_KEY: "0xsecret" };
const ALL_SITE = [...GENERATED_SECRETS, "EMAIL_API_KEY", "TURNSTILE_SECRET_KEY"];
const ALL_WORKER = ["EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET", "EMAIL_API_KEY"];

describe("planSecrets", () => {
  it("a first deploy generates the site's own secrets once, shared ones equal on both sides, and takes the owner's from the settings", () => {
    const plan = planSecrets({ env: "production", settings: SETTINGS, present: { site: [], worker: [] } });
    expect(Object.keys(plan.site).sort()).toEqual([...ALL_SITE].sort());
    expect(Object.keys(plan.worker).sort()).toEqual([...ALL_WORKER].sort());
    for (const name of GENERATED_SECRETS) expect(plan.site[name]?.length, name).toBeGreaterThanOrEqual(32);
    for (const name of SHARED_SECRETS) expect(plan.worker[name], name).toBe(plan.site[name]);
    expect(plan.site.EMAIL_API_KEY).toBe(SETTINGS.EMAIL_API_KEY);
    expect(new Set(GENERATED_SECRETS.map((name) => plan.site[name])).size).toBe(GENERATED_SECRETS.length);
    expect(plan.notes).toEqual([]);
  });

  it("sets nothing when every secret is there", () => {
    expect(planSecrets({ env: "production", settings: SETTINGS, present: { site: ALL_SITE, worker: ALL_WORKER } })).toEqual({ site: {}, worker: {}, notes: [] });
  });

  it("replaces a shared secret on both sides when only one has it, and says what that costs", () => {
    const plan = planSecrets({ env: "production", settings: SETTINGS, present: { site: ALL_SITE, worker: ["SUPPRESSION_HASH_SECRET", "EMAIL_API_KEY"] } });
    expect(Object.keys(plan.site)).toEqual(["EMAIL_TOKEN_SECRET"]);
    expect(plan.worker).toEqual(plan.site);
    expect(plan.notes).toEqual([expect.stringMatching(/^EMAIL_TOKEN_SECRET was set on the site only.*replaced on both \(links in emails sent before now/)]);
  });

  it("sends the owner's secrets again with --update-secrets, and never replaces a generated one", () => {
    const plan = planSecrets({ env: "production", settings: SETTINGS, present: { site: ALL_SITE, worker: ALL_WORKER }, updateOwnerSecrets: true });
    expect(plan.site).toEqual({ EMAIL_API_KEY: SETTINGS.EMAIL_API_KEY, TURNSTILE_SECRET_KEY: SETTINGS.TURNSTILE_SECRET_KEY });
    expect(plan.worker).toEqual({ EMAIL_API_KEY: SETTINGS.EMAIL_API_KEY });
  });

  it("leaves an owner's secret that the settings no longer name, and warns when only one side has it", () => {
    const plan = planSecrets({ env: "production", settings: { ...SETTINGS, EMAIL_API_KEY: undefined }, present: { site: [...GENERATED_SECRETS, "EMAIL_API_KEY"], worker: ["EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"] } });
    expect(plan.site).toEqual({ TURNSTILE_SECRET_KEY: SETTINGS.TURNSTILE_SECRET_KEY });
    expect(plan.worker).toEqual({});
    expect(plan.notes).toEqual([expect.stringMatching(/^EMAIL_API_KEY is set on the site but not in your settings: left as it is, and email works only when both have it/)]);
  });

  it("a preview gets the generated secrets of its own, nothing of the owner's, and has no Worker", () => {
    const plan = planSecrets({ env: "preview", settings: SETTINGS, present: { site: [], worker: [] } });
    expect(Object.keys(plan.site).sort()).toEqual([...GENERATED_SECRETS].sort());
    expect(plan.worker).toEqual({});
  });
});
