/**
 * Requests to a running dev server over HTTP, as a browser or a person sends them, for the stack
 * tests (tests/stack/, Node): a form post from a client address of its own, the admin's sign-in,
 * and D1 rows a test needs that the site cannot make for it.
 */
import type { ExplorerD1 } from "../../scripts/lib/dev-server.mjs";

/**
 * A same-origin form POST from `clientIp` (the dev server keeps a CF-Connecting-IP it is sent, as
 * Cloudflare's edge sets it), answered without following redirects.
 */
export function postForm(origin: string, path: string, fields: Record<string, string>, clientIp = "203.0.113.10", headers: Record<string, string> = {}): Promise<Response> {
  return fetch(new URL(path, origin), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": clientIp, Origin: origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A sign-up as the enhanced form sends it: to the /waitlist page's action, answered as Remix data (ADR 0051). */
export function signUp(origin: string, email: string, clientIp: string): Promise<Response> {
  return postForm(origin, "/waitlist?_data=routes%2F(%24lang).waitlist", { email, source: "main_waitlist_section", intent: "beta_testing" }, clientIp);
}

/** Signs in through the login form; answers the Cookie header value of the admin's session. */
export async function signInOverHttp(origin: string, email: string, password: string, clientIp = "198.51.100.7"): Promise<string> {
  const response = await postForm(origin, "/admin/login", { email, password, redirectTo: "/admin/dashboard" }, clientIp);
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("lv_admin="));
  if (response.status !== 302 || !session) throw new Error(`sign-in as ${email} failed with ${response.status}`);
  return session.split(";")[0]!;
}

/**
 * A pending sign-up with its confirmation in the outbox, due now and announced by no queue message
 * (only the companion Worker's cron delivers it), or `failed` for good: out of attempts, as the sender
 * leaves it after the provider kept failing.
 */
export async function addConfirmation(db: ExplorerD1, email: string, { failed = false }: { failed?: boolean } = {}): Promise<void> {
  await db
    .prepare(
      `INSERT INTO waitlist (email, first_name, status, metadata, consent_at, consent_form, consent_wording)
       VALUES (?1, 'Cy', 'pending', '{}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'main_waitlist_section', 'test')`,
    )
    .bind(email)
    .run();
  const outcome = failed ? ["failed", 8, "provider_unavailable: 503 Service Unavailable (after 8 attempts)"] : ["queued", 0, null];
  await db
    .prepare(
      `INSERT INTO email_outbox (idempotency_key, kind, recipient, waitlist_id, payload, status, attempts, last_error)
       VALUES ('confirm:test:' || ?1, 'confirm', ?1, (SELECT id FROM waitlist WHERE email = ?1), '{"consentRequest":true}', ?2, ?3, ?4)`,
    )
    .bind(email, ...outcome)
    .run();
}

/** The development mailbox's messages to `email`. */
export async function mailboxTo(db: ExplorerD1, email: string): Promise<{ subject: string; html: string }[]> {
  return (await db.prepare("SELECT subject, html FROM dev_mailbox WHERE recipient = ?1 ORDER BY id").bind(email).all<{ subject: string; html: string }>()).results;
}
