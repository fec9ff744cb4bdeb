// Which secrets each deployable gets. A secret's value cannot be read back, so a deploy sets only what
// is missing: the ones the site makes itself are generated once, the owner's come from the settings
// (`--update-secrets` sends those again after a change). The site and the companion Worker must hold
// equal values of EMAIL_TOKEN_SECRET (the Worker signs the links the site checks), SUPPRESSION_HASH_SECRET
// and EMAIL_API_KEY: when only one side has one, it is replaced on both, and the deploy says so.
import { randomBytes } from "node:crypto";

/** Secrets the site makes itself (at least 32 characters each, app/lib/env.server.ts). */
export const GENERATED_SECRETS = ["IP_HASH_SECRET", "SESSION_SECRET", "EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET"];
/** Secrets whose value must be the same on the site and the companion Worker. */
export const SHARED_SECRETS = ["EMAIL_TOKEN_SECRET", "SUPPRESSION_HASH_SECRET", "EMAIL_API_KEY"];
/** The owner's secrets, from the settings; a preview gets none (its mail goes to its own mailbox). */
const OWNER_SECRETS = ["EMAIL_API_KEY", "EMAIL_WEBHOOK_SECRET", "TURNSTILE_SECRET_KEY"];

/** What replacing a shared secret costs, told when it happens. */
const REPLACEMENT_EFFECT = {
  EMAIL_TOKEN_SECRET: "links in emails sent before now (confirm, status, unsubscribe) no longer open",
  SUPPRESSION_HASH_SECRET: "addresses already on the suppression list are no longer recognised: re-add them from the admin's email page; people already counted as a referral could be counted again",
  EMAIL_API_KEY: "the value from your settings is now on both",
};

const generate = () => randomBytes(48).toString("base64url");

/** The secret names each deployable of `env` wants, given the settings. */
export function wantedSecrets(env, settings) {
  const owner = env === "production" ? OWNER_SECRETS.filter((name) => settings[name]) : [];
  return {
    site: [...GENERATED_SECRETS, ...owner],
    worker: env === "production" ? SHARED_SECRETS.filter((name) => GENERATED_SECRETS.includes(name) || settings[name]) : [],
  };
}

/**
 * Decides the values to set. `present`: { site: [names], worker: [names] } as the API lists them.
 * Answers { site: {name: value}, worker: {name: value}, notes: [lines for the owner] }.
 */
export function planSecrets({ env, settings, present, updateOwnerSecrets = false }) {
  const wanted = wantedSecrets(env, settings);
  const has = { site: new Set(present.site), worker: new Set(present.worker) };
  const set = { site: {}, worker: {} };
  const notes = [];
  const names = new Set([...wanted.site, ...wanted.worker]);
  for (const name of names) {
    const sides = ["site", "worker"].filter((side) => wanted[side].includes(name));
    const missing = sides.filter((side) => !has[side].has(name));
    const owner = OWNER_SECRETS.includes(name);
    const sharedPair = SHARED_SECRETS.includes(name) && sides.length === 2;
    let targets = owner && updateOwnerSecrets ? sides : missing;
    if (sharedPair && missing.length === 1) {
      targets = sides;
      notes.push(`${name} was set on the ${sides.find((side) => !missing.includes(side)) === "site" ? "site" : "companion Worker"} only, and its value cannot be read back: replaced on both (${REPLACEMENT_EFFECT[name]}).`);
    }
    if (targets.length === 0) continue;
    const value = owner ? settings[name] : generate();
    for (const side of targets) set[side][name] = value;
  }
  if (env === "production") {
    for (const name of OWNER_SECRETS.filter((owned) => !settings[owned])) {
      const holders = ["site", "worker"].filter((side) => has[side].has(name));
      if (holders.length === 0) continue;
      const where = holders.map((side) => (side === "site" ? "the site" : "the companion Worker")).join(" and ");
      const halfSet = SHARED_SECRETS.includes(name) && holders.length === 1;
      notes.push(`${name} is set on ${where} but not in your settings: left as it is${halfSet ? ", and email works only when both have it: add it to your settings and deploy again" : ""}.`);
    }
  }
  return { ...set, notes };
}
