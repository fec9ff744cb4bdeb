// The testers section of `npm run bench` (issue 31): the admin's beta testers table and a person's page
// at 50,000 entries, on a dev server of its own (the site as `npm start` runs it) with the owner signed
// in. Each page is loaded sequentially, signed in, as the owner would: the table by default (newest
// first), sorted by place in line (the line's own order over everyone), searched, and filtered; and
// the page of someone deep in the line with referrals, emails and notes. Wall time per load, median
// and p99; the goal is a page under 200 ms.
import { hashPassword } from "../../app/features/admin/password-hash.mjs";
import { startBenchServer } from "./server.mjs";
import { median, percentile } from "./stats.mjs";

export const ENTRIES = 50_000;
const SAMPLES = 30;
const OWNER = { email: "bench-owner@example.test", password: "bench owner password 2026" };

/** 50,000 people: four in five confirmed beta testers in line (some with referrals), the rest pending or notify-me. */
async function seedPeople(db) {
  for (let start = 1; start <= ENTRIES; start += 2_000) {
    const values = Array.from({ length: Math.min(2_000, ENTRIES - start + 1) }, (_, i) => start + i);
    await db
      .prepare(
        `INSERT INTO waitlist (email, first_name, status, line_seq, intent, metadata, referral_code, referral_count, referred_by, wants_android, created_at, confirmed_at)
         SELECT 'tester' || value || '@example.com', 'Tester' || value,
                CASE WHEN value % 5 = 0 THEN 'pending' ELSE 'confirmed' END,
                CASE WHEN value % 5 <> 0 AND value % 7 <> 0 THEN value END,
                CASE WHEN value % 7 = 0 THEN 'waitlist' ELSE 'beta_testing' END,
                '{"platform":"ios","utm_source":"newsletter"}', 't' || printf('%09d', value), value % 4,
                CASE WHEN value > 10 AND value % 3 = 0 THEN value / 3 END, value % 7 = 0,
                strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || value || ' minutes'),
                CASE WHEN value % 5 <> 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || value || ' minutes') END
           FROM json_each(?1)`,
      )
      .bind(JSON.stringify(values))
      .run();
  }
}

/** { entries, rows: [{ label, path, p50, p99, n }] }; the server's state lives in `<workDir>/testers`. */
export async function measureTestersPages({ workDir, logFile, progress = () => {} }) {
  const server = await startBenchServer({ workDir, name: "testers", logFile, vars: { APP_ENV: "test" } });
  try {
    const db = server.d1("DB");
    progress(`testers: seeding ${ENTRIES.toLocaleString("en")} people`);
    await seedPeople(db);
    await db.prepare("INSERT INTO admin_users (email, password_hash, role) VALUES (?1, ?2, 'owner')").bind(OWNER.email, await hashPassword(OWNER.password)).run();
    // Someone deep in the line, with people they brought, messages and notes.
    const person = (await db.prepare("SELECT id FROM waitlist WHERE email = 'tester40001@example.com'").first()).id;
    await db.prepare("UPDATE waitlist SET referred_by = ?1 WHERE id IN (SELECT id FROM waitlist WHERE id % 997 = 0)").bind(person).run();
    await db
      .prepare("INSERT INTO email_outbox (idempotency_key, kind, recipient, waitlist_id, status) SELECT 'bench:' || value, 'status_link', 'tester40001@example.com', ?1, 'sent' FROM json_each('[1,2,3,4,5]')")
      .bind(person)
      .run();
    await db.prepare("INSERT INTO waitlist_notes (waitlist_id, admin_email, body) VALUES (?1, ?2, 'Asked to be moved up.')").bind(person, OWNER.email).run();

    const origin = server.origin;
    const send = (path, init = {}) =>
      fetch(new URL(path, origin), { redirect: "manual", ...init, headers: { Origin: origin, "CF-Connecting-IP": "198.18.7.8", ...(init.headers ?? {}) } });
    const login = await send("/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: OWNER.email, password: OWNER.password, redirectTo: "/admin/dashboard" }),
    });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    if (login.status !== 302 || !cookie) throw new Error(`bench: sign-in answered ${login.status}`);

    const targets = [
      ["Table, default (newest first)", "/admin/beta-testers"],
      ["Table, sorted by place in line", "/admin/beta-testers?sort=place"],
      ["Table, sorted by place, page 1,000", "/admin/beta-testers?sort=place&page=1000"],
      ["Table, search by email", "/admin/beta-testers?q=tester4000"],
      ["Table, confirmed, not invited, most referrals", "/admin/beta-testers?status=confirmed&invited=no&sort=referrals"],
      ["Person page (place, referral tree, emails, notes)", `/admin/beta-testers/${person}`],
    ];
    const rows = [];
    for (const [label, path] of targets) {
      progress(`testers: ${label} (${SAMPLES} loads)`);
      const times = [];
      for (let i = 0; i <= SAMPLES; i++) {
        const started = performance.now();
        const response = await send(path, { headers: { Cookie: cookie, Accept: "text/html" } });
        await response.text();
        if (response.status !== 200) throw new Error(`bench: ${path} answered ${response.status}`);
        if (i > 0) times.push(performance.now() - started); // the first load warms up
      }
      rows.push({ label, path, p50: median(times), p99: percentile(times, 99), n: times.length });
    }
    return { entries: ENTRIES, rows };
  } finally {
    await server.stop();
  }
}
