/**
 * The owner's console for one person and for the ticked rows (issue 31, ADR 0052), through the real
 * pipeline and Remix build on a real D1, with email on (the Resend stand-in): the person page (record,
 * consent, referral tree, emails, notes), each action audited, the owner's priority honoured by the
 * one order of the line (status page, "Invite the next N" and the table agree), and the bulk actions.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TESTER_MESSAGES } from "~/features/admin/beta-testers/tester-actions.server";
import { TESTER_FORM_MESSAGES } from "~/features/admin/beta-testers/tester-schema";
import { statusUrl } from "~/features/email/links.server";
import { adminPost, cookiePair, decodeHtml, followFlash, openAdminApp, OWNER, pageGet } from "../support/admin";
import { formPost, type TestApp } from "../support/app";
import { emailVariables, SITE_URL } from "../support/email-variables";
import { aroundD1Calls } from "../support/d1-probe";
import { startResendStandin, type ResendStandin } from "../support/standins";

const BETA = "/admin/beta-testers";
const TESTFLIGHT = "https://testflight.apple.com/join/AbCd1234";

let app: TestApp;
let cookie: string;
let standin: ResendStandin;
let vars: Record<string, string>;

beforeAll(async () => {
  standin = await startResendStandin({ ratePerSecond: 0 });
  vars = emailVariables(standin);
  ({ app, cookie } = await openAdminApp(vars));
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
});
beforeEach(async () => {
  await app.settle();
  await app.db.batch(
    ["email_outbox", "email_campaigns", "waitlist_notes", "waitlist", "email_suppressions", "site_settings", "admin_audit_log"].map((table) => app.db.prepare(`DELETE FROM ${table}`)),
  );
});

interface Seed {
  email: string;
  status?: "pending" | "confirmed" | "unsubscribed";
  lineSeq?: number | null;
  referrals?: number;
  referredBy?: number | null;
  intent?: string;
}

async function seed(entry: Seed): Promise<number> {
  const row = await app.db
    .prepare(
      `INSERT INTO waitlist (email, first_name, status, line_seq, intent, metadata, referral_code, referral_count, referred_by, confirmed_at,
                             consent_at, consent_form, consent_page, consent_wording)
       VALUES (?1, 'Tester', ?2, ?3, ?4, '{"platform":"ios","utm_source":"newsletter"}', lower(hex(randomblob(6))), ?5, ?6,
               CASE WHEN ?2 = 'confirmed' THEN '2026-01-02T10:00:00.000Z' END,
               '2026-01-02T09:59:00.000Z', 'main_waitlist_section', '/waitlist?utm_source=newsletter', 'waitlist-consent-v2') RETURNING id`,
    )
    .bind(entry.email, entry.status ?? "confirmed", entry.lineSeq === undefined ? null : entry.lineSeq, entry.intent ?? "beta_testing", entry.referrals ?? 0, entry.referredBy ?? null)
    .first<{ id: number }>();
  return row!.id;
}

const read = async (response: Response) => decodeHtml((await response.text()).replaceAll("<!-- -->", ""));
const post = (path: string, fields: Record<string, string>, session = cookie) => app.fetch(adminPost(path, fields, session));
const count = async (sql: string, ...params: unknown[]) => (await app.db.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const audits = async () => (await app.db.prepare("SELECT action, target FROM admin_audit_log ORDER BY id").all<{ action: string; target: string }>()).results;

/** The place a person's own status page shows them. */
async function statusPlace(id: number): Promise<number> {
  const page = await read(await app.fetch(new Request(await statusUrl({ siteUrl: "http://127.0.0.1:8788", tokenSecret: vars.EMAIL_TOKEN_SECRET! }, { id, linkVersion: 0 }, Date.now()))));
  return Number(/data-testid="place-in-line">#(\d+)/.exec(page)![1]);
}

/** The places the table shows, by email, sorted by place. */
async function tablePlaces(query = "?sort=place"): Promise<[string, string][]> {
  const html = await read(await app.fetch(pageGet(`${BETA}${query}`, cookie)));
  return [...html.matchAll(/data-testid="tester-link"[^>]*>([^<]+)<\/a>[\s\S]*?data-testid="tester-place">([^<]*(?:<span[^>]*>[^<]*<\/span>)?)<\/td>/g)].map((m) => [
    m[1]!,
    m[2]!.replace(/<[^>]*>/g, ""),
  ]);
}

/** Five in line (tester1…5), tester4 boosted ahead by referrals, and one pending. */
async function seedLine(): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 1; i <= 5; i++) ids.set(`tester${i}@example.test`, await seed({ email: `tester${i}@example.test`, lineSeq: i, referrals: i === 4 ? 1 : 0 }));
  ids.set("pending@example.test", await seed({ email: "pending@example.test", status: "pending" }));
  return ids;
}

describe("the person page", () => {
  it("needs a session, for the page and for every action", async () => {
    const id = await seed({ email: "ada@example.test", lineSeq: 1 });
    const page = await app.fetch(pageGet(`${BETA}/${id}`));
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/admin\/login/);
    const action = await app.fetch(adminPost(`${BETA}/${id}`, { intent: "front" }));
    expect([302, 401, 403]).toContain(action.status);
    expect(await count("SELECT priority AS n FROM waitlist WHERE id = ?1", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log")).toBe(0);
  });

  it("shows the record, the proof of consent, the referral tree and the place; an unknown id is a 404", async () => {
    const ada = await seed({ email: "ada@example.test", lineSeq: 1, referrals: 2 });
    const bob = await seed({ email: "bob@example.test", lineSeq: 2, referredBy: ada });
    await seed({ email: "cy@example.test", lineSeq: 3, referredBy: ada });
    await seed({ email: "dee@example.test", status: "pending", referredBy: bob });
    const html = await read(await app.fetch(pageGet(`${BETA}/${ada}`, cookie)));
    expect(html).toContain("<h1>ada@example.test</h1>");
    expect(html).toMatch(/data-testid="tester-place-in-line">#1 of 3</);
    expect(html).toContain("/waitlist?utm_source=newsletter");
    expect(html).toContain("waitlist-consent-v2");
    // Who they brought, and who those brought, each a link to their own page.
    const tree = html.slice(html.indexOf('id="referrals-title"'), html.indexOf('data-testid="tester-emails"'));
    expect(tree).toContain(`href="${BETA}/${bob}">bob@example.test</a>`);
    expect(tree).toContain("cy@example.test");
    expect(tree).toMatch(/bob@example\.test[\s\S]*<ul class="referral-tree"><li><a [^>]*>dee@example\.test/);
    expect((await app.fetch(pageGet(`${BETA}/999999`, cookie))).status).toBe(404);
    expect((await app.fetch(pageGet(`${BETA}/abc`, cookie))).status).toBe(404);
  });

  it("resends the status link to a confirmed person and the confirmation to a pending one, through the outbox, audited; shows them with their state", async () => {
    const ada = await seed({ email: "ada@example.test", lineSeq: 1 });
    const dee = await seed({ email: "dee@example.test", status: "pending" });
    const sent = await followFlash(app, await post(`${BETA}/${ada}`, { intent: "resend" }), cookie);
    expect(sent.flash).toBe(TESTER_MESSAGES.resent(1, 0, 0));
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE kind = 'status_link' AND waitlist_id = ?1", ada)).toBe(1);
    await followFlash(app, await post(`${BETA}/${dee}`, { intent: "resend" }), cookie);
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE kind = 'confirm' AND waitlist_id = ?1", dee)).toBe(1);
    // Within the resend window nothing more goes out, and nothing more is audited.
    const again = await followFlash(app, await post(`${BETA}/${dee}`, { intent: "resend" }), cookie);
    expect(again.flash).toContain("try again later");
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE kind = 'confirm'")).toBe(1);
    expect(await audits()).toEqual([
      { action: "resent status link", target: "ada@example.test" },
      { action: "resent confirmation", target: "dee@example.test" },
    ]);
    await app.settle();
    const page = await read(await app.fetch(pageGet(`${BETA}/${ada}`, cookie)));
    expect(page).toMatch(/data-testid="tester-email"><td[^>]*>Status link<\/td><td[^>]*><span class="pill">(Queued|Sending|Sent)</);
  });

  it("refuses to send while email is off (409), and changes nothing", async () => {
    // Production without a provider key: email is off.
    const off = app.withEnv({ APP_ENV: "production", EMAIL_API_KEY: "", EMAIL_API_URL: "https://api.resend.com", SITE_URL, SESSION_SECRET: "s".repeat(40), IP_HASH_SECRET: "i".repeat(40) });
    const id = await seed({ email: "ada@example.test", lineSeq: 1 });
    // A session signed under the test secrets is not valid under production's: sign in there first.
    const login = await off(formPost("/admin/login", { email: OWNER.email, password: OWNER.password, redirectTo: "/admin/dashboard" }, "198.51.100.9"));
    const response = await off(adminPost(`${BETA}/${id}`, { intent: "resend" }, cookiePair(login.headers.get("Set-Cookie"))));
    expect(response.status).toBe(409);
    expect(await read(response)).toContain(TESTER_MESSAGES.emailOff);
    expect(await count("SELECT count(*) AS n FROM email_outbox")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log")).toBe(0);
  });

  it("moves a person to the front: their status page, the table and 'Invite the next 1' all put them first", async () => {
    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('testflight_url', ?1)").bind(TESTFLIGHT).run();
    const ids = await seedLine();
    const t5 = ids.get("tester5@example.test")!;
    // Before: tester4 is first by its referral (4 - 5 = -1), tester5 last.
    expect(await statusPlace(ids.get("tester4@example.test")!)).toBe(1);
    expect(await statusPlace(t5)).toBe(5);

    const moved = await followFlash(app, await post(`${BETA}/${t5}`, { intent: "front" }), cookie);
    expect(moved.flash).toBe(TESTER_MESSAGES.movedToFront(1, 0));
    expect(await statusPlace(t5)).toBe(1);
    expect(await statusPlace(ids.get("tester4@example.test")!)).toBe(2);
    // The table reads the same order and the same places.
    const places = await tablePlaces();
    expect(places.slice(0, 5)).toEqual([
      ["tester5@example.test", "#1"],
      ["tester4@example.test", "#2"],
      ["tester1@example.test", "#3"],
      ["tester2@example.test", "#4"],
      ["tester3@example.test", "#5"],
    ]);
    for (const [email, place] of places.slice(0, 5)) expect(`#${await statusPlace(ids.get(email)!)}`).toBe(place);
    expect(places.at(-1)).toEqual(["pending@example.test", "—"]);
    expect(await audits()).toEqual([{ action: "moved to the front of the line", target: "tester5@example.test" }]);

    // "Invite the next 1" goes to whoever is first now.
    await post(BETA, { intent: "invite", mode: "next", count: "1", request: crypto.randomUUID() });
    const invited = await app.db.prepare("SELECT recipient FROM email_outbox WHERE kind = 'invitation'").all<{ recipient: string }>();
    expect(invited.results.map((r) => r.recipient)).toEqual(["tester5@example.test"]);

    // A pending person has no place to move: refused with a message, no audit row.
    const pending = await followFlash(app, await post(`${BETA}/${ids.get("pending@example.test")}`, { intent: "front" }), cookie);
    expect(pending.flash).toBe(TESTER_MESSAGES.movedToFront(0, 1));
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'moved to the front of the line'")).toBe(1);
  });

  it("sets a priority the line honours; a bad one is refused with a 400 and its message", async () => {
    const ids = await seedLine();
    const t3 = ids.get("tester3@example.test")!;
    const set = await followFlash(app, await post(`${BETA}/${t3}`, { intent: "priority", priority: "7" }), cookie);
    expect(set.flash).toBe(TESTER_MESSAGES.priority("tester3@example.test", 7));
    expect(await statusPlace(t3)).toBe(1);
    expect(await audits()).toEqual([{ action: "set priority to 7", target: "tester3@example.test" }]);
    for (const bad of ["-1", "1.5", "abc", "", "1000001"]) {
      const response = await post(`${BETA}/${t3}`, { intent: "priority", priority: bad });
      expect(response.status).toBe(400);
      expect(await read(response)).toContain(TESTER_FORM_MESSAGES.priority);
    }
    expect(await count("SELECT priority AS n FROM waitlist WHERE id = ?1", t3)).toBe(7);
    // Back to 0: back to its usual place.
    await post(`${BETA}/${t3}`, { intent: "priority", priority: "0" });
    expect(await statusPlace(t3)).toBe(4);
  });

  it("invites now through the invitation path (once), unsubscribes and deletes, each audited", async () => {
    await app.db.prepare("INSERT INTO site_settings (key, value) VALUES ('testflight_url', ?1)").bind(TESTFLIGHT).run();
    const ids = await seedLine();
    const t2 = ids.get("tester2@example.test")!;
    const request = crypto.randomUUID();
    const invited = await followFlash(app, await post(`${BETA}/${t2}`, { intent: "invite", request }), cookie);
    expect(invited.flash).toMatch(/^Queued 1 invitation\./);
    await post(`${BETA}/${t2}`, { intent: "invite", request: crypto.randomUUID() });
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE kind = 'invitation' AND waitlist_id = ?1", t2)).toBe(1);

    const t3 = ids.get("tester3@example.test")!;
    const left = await followFlash(app, await post(`${BETA}/${t3}`, { intent: "unsubscribe" }), cookie);
    expect(left.flash).toBe(TESTER_MESSAGES.unsubscribed(1));
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE id = ?1 AND status = 'unsubscribed'", t3)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM email_suppressions")).toBe(1);

    const t1 = ids.get("tester1@example.test")!;
    const asked = await read(await app.fetch(pageGet(`${BETA}/${t1}?confirm=delete`, cookie)));
    expect(asked).toContain("Delete tester1@example.test?");
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE id = ?1", t1)).toBe(1);
    const deleted = await followFlash(app, await post(`${BETA}/${t1}`, { intent: "delete" }), cookie);
    expect(deleted.location).toBe(BETA);
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE id = ?1", t1)).toBe(0);

    expect((await audits()).map((a) => `${a.action}: ${a.target}`)).toEqual([
      expect.stringMatching(/^sent beta invitations: campaign #\d+$/),
      "unsubscribed beta tester: tester3@example.test",
      "deleted beta tester: tester1@example.test",
    ]);
    // The deleted person's page is gone; an action on it says so.
    expect((await app.fetch(pageGet(`${BETA}/${t1}`, cookie))).status).toBe(404);
    expect((await followFlash(app, await post(`${BETA}/${t1}`, { intent: "front" }), cookie)).flash).toBe(TESTER_MESSAGES.gone);
  });

  it("keeps the owner's notes, audited without their text; an empty note is refused with a 400", async () => {
    const id = await seed({ email: "ada@example.test", lineSeq: 1 });
    await followFlash(app, await post(`${BETA}/${id}`, { intent: "note", body: "  Asked on Mastodon <b>to be moved up</b>.  " }), cookie);
    const html = (await (await app.fetch(pageGet(`${BETA}/${id}`, cookie))).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Asked on Mastodon &lt;b&gt;to be moved up&lt;/b&gt;.");
    const response = await post(`${BETA}/${id}`, { intent: "note", body: "   " });
    expect(response.status).toBe(400);
    expect(await read(response)).toContain(TESTER_FORM_MESSAGES.note);
    expect(await count("SELECT count(*) AS n FROM waitlist_notes")).toBe(1);
    expect(await audits()).toEqual([{ action: "added a note", target: "ada@example.test" }]);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE details LIKE '%Mastodon%'")).toBe(0);
    // A note goes with its person.
    await post(`${BETA}/${id}`, { intent: "delete" });
    expect(await count("SELECT count(*) AS n FROM waitlist_notes")).toBe(0);
  });
});

describe("the table's bulk actions", () => {
  const ticked = (...ids: number[]) => Object.fromEntries(ids.map((id) => [`invite.${id}`, "on"]));

  it("move the ticked to the front together, keeping their own order among themselves", async () => {
    const ids = await seedLine();
    const [t2, t3] = [ids.get("tester2@example.test")!, ids.get("tester3@example.test")!];
    const moved = await followFlash(app, await post(BETA, { intent: "bulk-front", ...ticked(t3, t2, ids.get("pending@example.test")!) }), cookie);
    expect(moved.flash).toBe(TESTER_MESSAGES.movedToFront(2, 1));
    expect([await statusPlace(t2), await statusPlace(t3)]).toEqual([1, 2]);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'moved to the front of the line'")).toBe(2);
  });

  it("resend and unsubscribe the ticked; nothing ticked is a 400 with its message", async () => {
    const ids = await seedLine();
    const [t1, pending] = [ids.get("tester1@example.test")!, ids.get("pending@example.test")!];
    await post(BETA, { intent: "bulk-resend", ...ticked(t1, pending) });
    expect(await count("SELECT count(*) AS n FROM email_outbox WHERE kind IN ('status_link', 'confirm')")).toBe(2);
    const none = await post(BETA, { intent: "bulk-unsubscribe" });
    expect(none.status).toBe(400);
    expect(await read(none)).toContain(TESTER_MESSAGES.noneTicked);
    await post(BETA, { intent: "bulk-unsubscribe", ...ticked(t1, pending) });
    // The confirmed person leaves and stays on record; the pending one is removed, as their own unsubscribe link does.
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE id = ?1 AND status = 'unsubscribed'", t1)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM waitlist WHERE id = ?1", pending)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'unsubscribed beta tester'")).toBe(2);
  });

  it("delete asks first, naming them; the confirmation deletes exactly those, audited", async () => {
    const ids = await seedLine();
    const [t4, t5] = [ids.get("tester4@example.test")!, ids.get("tester5@example.test")!];
    const asked = await post(BETA, { intent: "bulk-delete", ...ticked(t4, t5) });
    expect(asked.status).toBe(200);
    const html = await read(asked);
    expect(html).toContain("Delete 2 people?");
    expect(html).toContain("tester4@example.test, tester5@example.test");
    expect(await count("SELECT count(*) AS n FROM waitlist")).toBe(6);
    const done = await followFlash(app, await post(BETA, { intent: "bulk-delete", confirmed: "yes", ...ticked(t4, t5) }), cookie);
    expect(done.flash).toBe(TESTER_MESSAGES.deleted(2));
    expect(await count("SELECT count(*) AS n FROM waitlist")).toBe(4);
    expect(await count("SELECT count(*) AS n FROM admin_audit_log WHERE action = 'deleted beta tester'")).toBe(2);
  });
});

describe("the table", () => {
  it("filters by platform and invited, sorts by referrals, and switches columns on from the URL", async () => {
    const ids = await seedLine();
    await app.db.prepare("UPDATE waitlist SET wants_android = 1 WHERE id = ?1").bind(ids.get("tester2@example.test")).run();
    await app.db.prepare("UPDATE waitlist SET invited_at = '2026-02-01T00:00:00.000Z' WHERE id = ?1").bind(ids.get("tester3@example.test")).run();
    const emails = async (query: string) => (await tablePlaces(query)).map(([email]) => email);
    expect(await emails("?platform=android")).toEqual(["tester2@example.test"]);
    expect(await emails("?invited=yes")).toEqual(["tester3@example.test"]);
    expect((await emails("?invited=no")).length).toBe(5);
    expect((await emails("?sort=referrals"))[0]).toBe("tester4@example.test");
    const html = await read(await app.fetch(pageGet(`${BETA}?col=priority&col=bogus`, cookie)));
    expect(html).toContain('<th scope="col">Priority</th>');
    expect(html).toContain('<input type="checkbox" name="col" checked="" value="priority"/>');
    // The default columns, in order.
    const headings = [...html.slice(html.indexOf("<thead>"), html.indexOf("</thead>")).matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
      m[1]!.replace(/<span class="visually-hidden">[^<]*<\/span>/g, "").replace(/<[^>]*>|[▲▼]/g, ""),
    );
    expect(headings).toEqual(["", "Email", "Name", "Status", "Place", "Referrals", "Referred by", "Invited", "Signed up", "Priority"]);
  });
});

describe("the table sorted by place at any size (ADR 0056)", () => {
  /** 30 in line (tester7 boosted by referrals, tester20 moved up by the owner), then three people not in line. */
  async function seedLongLine(): Promise<void> {
    for (let i = 1; i <= 30; i++) await seed({ email: `tester${i}@example.test`, lineSeq: i, referrals: i === 7 ? 2 : 0 });
    await app.db.prepare("UPDATE waitlist SET priority = 3 WHERE email = 'tester20@example.test'").run();
    await seed({ email: "pending@example.test", status: "pending" });
    await seed({ email: "notify@example.test", lineSeq: null, intent: "waitlist" });
    await seed({ email: "left@example.test", status: "unsubscribed", lineSeq: 31 });
  }

  it("pages through the line in its own order, then everyone else, both ways; a filtered page shows the same places", async () => {
    await seedLongLine();
    const ascending = [...(await tablePlaces("?sort=place")), ...(await tablePlaces("?sort=place&page=2"))];
    const line = ascending.slice(0, 30);
    expect(line.map(([, place]) => place)).toEqual(Array.from({ length: 30 }, (_, i) => `#${i + 1}`));
    expect(line.slice(0, 3).map(([email]) => email)).toEqual(["tester20@example.test", "tester7@example.test", "tester1@example.test"]);
    expect(ascending.slice(30).map(([, place]) => place)).toEqual(["—", "—", "—"]);
    // Each place is the one the person's own status page shows.
    for (const email of ["tester20@example.test", "tester7@example.test", "tester30@example.test"]) {
      const id = await count("SELECT id AS n FROM waitlist WHERE email = ?1", email);
      expect(`#${await statusPlace(id)}`).toBe(line.find(([e]) => e === email)![1]);
    }

    // Backwards: the line from its end, still before everyone not in line.
    const descending = [...(await tablePlaces("?sort=place&dir=desc")), ...(await tablePlaces("?sort=place&dir=desc&page=2"))];
    expect(descending.slice(0, 30)).toEqual([...line].reverse());
    expect(descending.slice(30).map(([, place]) => place)).toEqual(["—", "—", "—"]);

    // Filtered (tester1, tester10…19), each keeps its place in the whole line.
    const filtered = await tablePlaces("?sort=place&q=tester1");
    expect(filtered).toEqual(line.filter(([email]) => /^tester1\d?@/.test(email)));
  });

  // Pages past the end of the line (everyone not in line, sorted) still sort those rows: ADR 0056.
  it("reads indexes only: no statement of the table's pages in the line or a person's page reads the whole waitlist table", async () => {
    await seedLongLine();
    const statements = new Map<string, readonly unknown[]>();
    const fetch = app.withEnv({
      DB: aroundD1Calls(app.db, (run, call) => {
        for (const statement of call.statements) statements.set(statement.sql, statement.values);
        return run();
      }),
    });
    const someone = await count("SELECT id AS n FROM waitlist WHERE email = 'tester7@example.test'");
    for (const path of [BETA, `${BETA}?sort=place`, `${BETA}?sort=place&dir=desc`, `${BETA}/${someone}`]) {
      expect((await fetch(pageGet(path, cookie))).status).toBe(200);
    }
    const fullScans: string[] = [];
    for (const [text, values] of statements) {
      if (!/^\s*(select|with)\b/i.test(text) || !/\bwaitlist\b/.test(text)) continue;
      const { results } = await app.db.prepare(`EXPLAIN QUERY PLAN ${text}`).bind(...values).all<{ detail: string }>();
      // "SCAN <table>" without "USING ... INDEX" reads every row of the table (its JSON included).
      for (const { detail } of results) if (/^SCAN \w+$/.test(detail) && !/^SCAN (json_each|v|tree|line)\b/.test(detail)) fullScans.push(`${detail}: ${text.slice(0, 120)}`);
    }
    expect(statements.size).toBeGreaterThan(5);
    expect(fullScans).toEqual([]);
  });
});
