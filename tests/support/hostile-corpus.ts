/**
 * The hostile-input corpus (issue 7): what an attacker sends to every public and admin endpoint,
 * one case per attempt, each named for what it tries. tests/integration/hostile-input.test.ts sends
 * them through the real pipeline and checks every answer; this module only says what to send, what
 * answer is right, and which rows a hostile-but-valid case is meant to store.
 *
 * The endpoints come from the server build (./routes): a new route gets the generic cases (hostile
 * query strings, paths, methods, body sizes, content types, origins, forged cookies) the moment it
 * exists; a new form also needs a FormModel here, and the test fails until it has one.
 */
import type { ServerBuild } from "@remix-run/cloudflare";
import { posts, tutorials } from "~/content/generated/content";
import { AB_TEST_NAMES, DEFAULT_AB_TESTS } from "~/lib/ab-tests";
import { abFieldName } from "~/features/admin/settings/settings-schema";
import { nameCharactersProblem } from "~/lib/field-rules";
import { ASSET_PATH } from "~/lib/i18n/page-language";
import { requestBodyLimit } from "~/server/pipeline";
import { OWNER } from "./admin";
import { appRoutes, fillParams, isGuardedAdminPattern, type AppRoute } from "./routes";

export const ORIGIN = "http://127.0.0.1:8788";
const BROWSER = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

export const CATEGORIES = [
  "sql-injection",
  "script-injection",
  "oversized",
  "truncated",
  "invalid-utf8",
  "content-type",
  "header-injection",
  "open-redirect",
  "path-traversal",
  "forged-cookie",
  "cross-origin",
  "wrong-method",
  "absurd-query",
] as const;
export type Category = (typeof CATEGORIES)[number];

// ---------------------------------------------------------------------------------------------
// Payloads

export const SQL_INJECTION = [
  "' OR 1=1--",
  "'; DROP TABLE waitlist;--",
  "' UNION SELECT email, password_hash FROM admin_users--",
  "1; DELETE FROM admin_sessions;--",
  "admin'--",
  '") OR ("1"="1',
  "'; UPDATE admin_users SET role='owner';--",
  "' AND (SELECT count(*) FROM sqlite_master) > 0--",
  "%' OR '%'='",
  "1 OR 1=1",
] as const;

export const SCRIPT_INJECTION = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(document.cookie)",
  "<svg onload=alert(1)>",
  "${alert(1)}`-alert(1)-`",
  "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e",
  "＜script＞alert(1)＜/script＞",
  "</textarea><script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  "'-alert(1)-'",
  '<a href="javascript:alert(1)">click</a>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
] as const;

/** Markup that would run if a page ever reflected one of the payloads above unescaped. */
export const DANGEROUS_MARKUP: readonly RegExp[] = [
  /<script>alert/i,
  /<img src=x onerror/i,
  /<svg onload/i,
  /<iframe srcdoc/i,
  /\b(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:/i,
];

/** What a visitor must never see: stack frames, database errors, server paths, server files. */
export const INTERNAL_ERROR_TEXT: readonly RegExp[] = [
  /root:[^:\n]*:0:0:/,
  /compatibility_date\s*=/,
  /"devDependencies"/,
  /\n\s+at .+:\d+:\d+/,
  /at Object\./,
  /D1_ERROR/,
  /SQLITE_[A-Z]/,
  /SqliteError/,
  /no such (?:table|column)/i,
  /node_modules/,
  /\/work\//,
  /build\/index\.js/,
  /file:\/\//,
  /\b(?:TypeError|ReferenceError|RangeError|URIError|SyntaxError):/,
  /ZodError/,
  /Unexpected token/,
];

// ---------------------------------------------------------------------------------------------
// Cases

/** Cookies the test prepares: a real owner session, and sessions an attacker could present. */
export const FORGED_SESSIONS = [
  "absent",
  "tampered signature",
  "signed with another secret",
  "unsigned token",
  "replayed after sign-out",
  "expired",
  "of a disabled admin",
  "garbage base64",
  "SQL in the value",
  "huge (16 KiB)",
] as const;
export const FORGED_FLASHES = ["owner with a garbage flash", "owner with a flash signed by another secret"] as const;
export type SessionName = "owner" | (typeof FORGED_SESSIONS)[number] | (typeof FORGED_FLASHES)[number];

export interface CaseContext {
  /** The Cookie header for a session the test prepared. */
  cookie(session: SessionName): string;
  /** A client address of the case's own, so one case's rate limit never answers for another. */
  ip: string;
}

export type Table = "waitlist" | "contact_submissions" | "customer_reviews" | "admin_users" | "admin_sessions" | "analytics_events";

/** A row a hostile-but-valid case is meant to create. */
export interface Stored {
  table: Table;
  /** Its identifying value (email, title or path); none for sessions. */
  key?: string;
}

export interface HostileCase {
  /** Unique, and written into whatever the case may store, so a stray row names its case. */
  id: string;
  category: Category;
  name: string;
  request(ctx: CaseContext): Request;
  /** The statuses that are right; any status under 500 when left out. */
  status?: readonly number[];
  /** The hostile text, which must never come back unescaped in HTML. */
  payload?: string;
  stores?: Stored;
  /**
   * Where the stored hostile text is read (escaped on that page): checked after the whole corpus,
   * or right away when a later case overwrites it (the A/B labels are one value, not rows).
   */
  shows?: { page: string; text: string; rightAway?: boolean };
  /** Where the answer must send the browser (a redirect's Location). */
  location?: string | RegExp;
}

type CaseSpec = Omit<HostileCase, "id" | "category">;

interface SendOptions {
  method?: string;
  body?: BodyInit | null;
  contentType?: string | null;
  /** Extra headers; null removes a default (e.g. Origin). */
  headers?: Record<string, string | null>;
  session?: SessionName;
  accept?: string;
}

/** A request as a browser on this site would send it, with whatever the case changes. */
export function send(path: string, ctx: CaseContext, options: SendOptions = {}): Request {
  const { method = "POST", body = null, contentType, session, accept = "text/html" } = options;
  const headers = new Headers({ Accept: accept, "CF-Connecting-IP": ctx.ip, "User-Agent": BROWSER });
  if (method !== "GET" && method !== "HEAD") headers.set("Origin", ORIGIN);
  if (contentType) headers.set("Content-Type", contentType);
  if (session && ctx.cookie(session)) headers.set("Cookie", ctx.cookie(session));
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  // Concatenated, not resolved: "//evil.example" must stay a path of this origin.
  const url = new URL(ORIGIN + path);
  return new Request(url, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

const FORM = "application/x-www-form-urlencoded";
const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const bytes = (...parts: (string | number[])[]): ArrayBuffer =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...new TextEncoder().encode(part)] : part))).buffer;

/** A form body whose `field` is `text` followed by raw (possibly invalid UTF-8) bytes. */
function rawBytesIn(fields: Record<string, string>, field: string, text: string, raw: number[]): ArrayBuffer {
  const others = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field));
  return bytes(`${formBody(others)}&${field}=${encodeURIComponent(text)}`, raw);
}

/** A body whose connection drops after `sent`: the client went away, or sent less than it declared. */
function droppedBody(sent: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(sent));
      controller.error(new TypeError("connection reset by peer"));
    },
  });
}

/** A multipart/form-data body; `cut` leaves the closing boundary off. */
function multipart(fields: Record<string, string>, cut = false): { body: string; contentType: string } {
  const boundary = "----corpus7MA4YWxkTrZu0gW";
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const body = parts.join("") + (cut ? `--${boundary}\r\nContent-Disposition: form-data; name="na` : `--${boundary}--\r\n`);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------------------------------------
// Forms: what each form endpoint accepts, so a hostile field's outcome is known in advance

/** One form endpoint: a valid submission, and what happens when one of its fields is hostile. */
export interface FormModel {
  /** A valid submission; `id` makes it unique (its email, title or path). */
  valid(id: string): Record<string, string>;
  /** Fields stored as typed; the function fits a value to the field's minimum length, if any. */
  freeText: Record<string, (value: string) => string>;
  /** Fields with a fixed format: a hostile value is refused. */
  checked: readonly string[];
  accepted: readonly number[];
  refused: readonly number[];
  /** The row an accepted submission creates (none for sign-in, updates, settings). */
  stores?(fields: Record<string, string>, id: string): Stored;
  /** Where an admin sees a free-text field of the stored row, as what text. */
  shows?(field: string, fields: Record<string, string>): HostileCase["shows"] | null;
  /** Sent as a page form (HTML answer) or by fetch (JSON answer). */
  accept?: string;
  /** A free-text value the form refuses all the same (a name carrying a link or invisible characters). */
  refuses?(field: string, value: string): boolean;
}

/** People's names refuse links and invisible characters (lib/field-rules.ts). */
const refusesAsName = (field: string, value: string) => field === "name" && nameCharactersProblem(value) !== null;

const asTyped = (value: string) => value;
const words = (value: string) => value.trim().split(/\s+/).join(" ");
const corpusEmail = (id: string) => `${id}@hostile.example`;

/** The waitlist's forms: the beta sign-up, and the notify-me form (which also requires a name). */
const waitlistForm = (accept: string, source = "main_waitlist_section", intent = "beta_testing"): FormModel => ({
  valid: (id) => ({ email: corpusEmail(id), name: "Corpus Visitor", source, intent, platform: "android" }),
  freeText: { name: asTyped, referrer: asTyped, utm_source: asTyped, utm_medium: asTyped, utm_campaign: asTyped },
  checked: ["email", "source", "intent", "platform"],
  accepted: [200],
  refused: [400],
  stores: (fields) => ({ table: "waitlist", key: fields.email!.trim().toLowerCase() }),
  refuses: refusesAsName,
  shows: (field, fields) => {
    const page = `/admin/beta-testers?q=${encodeURIComponent(fields.email!)}`;
    if (field === "name") return { page, text: words(fields.name!) };
    // UTM source is a column the owner switches on (ADR 0052).
    if (field.startsWith("utm_")) return { page: `${page}&col=utm`, text: fields[field]!.trim() };
    return null;
  },
  accept,
});

const contactForm = (accept: string): FormModel => ({
  valid: (id) => ({ name: "Corpus Visitor", email: corpusEmail(id), subject: "A question", message: "Hello, a question about the beta." }),
  freeText: { name: asTyped, subject: asTyped, message: (value) => `${value} (message long enough)` },
  checked: ["email"],
  accepted: [200],
  refused: [400],
  stores: (fields) => ({ table: "contact_submissions", key: fields.email! }),
  refuses: refusesAsName,
  shows: (field, fields) => ({ page: "/admin/contact-submissions", text: fields[field]!.trim() }),
  accept,
});

const loginForm: FormModel = {
  valid: () => ({ email: OWNER.email, password: "not the owner's password", redirectTo: "/admin/dashboard" }),
  freeText: {},
  checked: ["email", "password", "redirectTo"],
  accepted: [401],
  refused: [400, 401],
  accept: "text/html",
};

const reviewFields = (intent: string, id: string) => ({
  intent,
  title: `Corpus review ${id}`,
  content: "Keeps every link I save in order.",
  author_name: "Corpus Reader",
  author_platform: "app_store",
  rating: "5",
  image_url: "",
  sort_order: "",
  is_active: "on",
});
const reviewText = { title: asTyped, content: asTyped, author_name: asTyped };
const reviewChecked = ["author_platform", "rating", "image_url", "sort_order"];

/** The review, waitlist row and contact message the test seeds before the corpus (ids 1). */
export const SEEDED_ID = "1";

/** The admin's A/B editor with the defaults, the hero headline's control variant shown to everyone. */
function abTestFields(): Record<string, string> {
  const fields: Record<string, string> = { intent: "save-ab-tests" };
  for (const test of AB_TEST_NAMES) {
    if (DEFAULT_AB_TESTS[test].enabled) fields[abFieldName.enabled(test)] = "on";
    for (const variant of DEFAULT_AB_TESTS[test].variants) {
      fields[abFieldName.label(test, variant.id)] = variant.label;
      fields[abFieldName.weight(test, variant.id)] = String(test === "hero_headline" ? (variant.id === "control" ? 100 : 0) : variant.weight);
    }
  }
  return fields;
}
const HEADLINE_LABEL = abFieldName.label("hero_headline", "control");

/** Every form endpoint by URL pattern; the test fails for an action route missing here. */
export const FORM_MODELS: Record<string, FormModel> = {
  "/waitlist": waitlistForm("text/html"),
  "/notify": waitlistForm("text/html", "notification_modal", "waitlist"),
  "/contact": contactForm("text/html"),
  "/admin/login": loginForm,
  "/admin/reviews/new": {
    valid: (id) => reviewFields("create", id),
    freeText: reviewText,
    checked: reviewChecked,
    accepted: [302],
    refused: [400],
    stores: (fields) => ({ table: "customer_reviews", key: fields.title!.trim() }),
    shows: (field, fields) => ({ page: "/admin/reviews", text: fields[field]!.trim() }),
  },
  "/admin/reviews/:id": {
    valid: (id) => reviewFields("update", id),
    freeText: reviewText,
    checked: reviewChecked,
    accepted: [302],
    refused: [400],
  },
  "/admin/users": {
    valid: (id) => ({ intent: "add", email: corpusEmail(id), name: "Corpus Admin", role: "admin", password: "a long enough password" }),
    freeText: { name: asTyped, password: (value) => `${value} and then some` },
    checked: ["email", "role"],
    accepted: [302],
    refused: [400],
    stores: (fields) => ({ table: "admin_users", key: fields.email! }),
    shows: (field, fields) => (field === "name" ? { page: "/admin/users", text: fields.name!.trim() } : null),
  },
  "/admin/settings": {
    // Saving the settings has no free text; the A/B editor's labels are (see AB_TEST_FORM).
    valid: () => ({ intent: "save-settings", show_customer_reviews: "true", promotion_as_entry_page: "false" }),
    freeText: {},
    checked: ["intent", "show_customer_reviews", "promotion_as_entry_page"],
    accepted: [302],
    refused: [400],
  },
  "/waitlist/confirm": tokenGatedForm("confirm"),
  "/waitlist/status": tokenGatedForm("preferences"),
  "/waitlist/unsubscribe": tokenGatedForm("unsubscribe"),
  // "Email me my link" (ADR 0045): the corpus runs with email off, so a valid address is answered 409.
  "/waitlist/link": { valid: (id) => ({ email: corpusEmail(id) }), freeText: {}, checked: ["email"], accepted: [409], refused: [400], accept: "text/html" },
  "/admin/beta-testers": rowActionForm(),
  // A person's page (issue 31): the owner's note is its free text, shown on that page; the other
  // actions there have no free text.
  "/admin/beta-testers/:id": {
    valid: () => ({ intent: "note", body: "A note from the corpus." }),
    freeText: { body: asTyped },
    checked: ["intent"],
    accepted: [302],
    refused: [400],
    shows: (field, fields) => (field === "body" ? { page: `/admin/beta-testers/${SEEDED_ID}`, text: fields.body!.trim() } : null),
  },
  "/admin/contact-submissions": rowActionForm(),
  "/admin/reviews": rowActionForm(),
  // The analytics page's retention (ADR 0037): a whole number of days; no free text.
  "/admin/analytics": { valid: () => ({ intent: "save-retention", retentionDays: "400" }), freeText: {}, checked: ["intent", "retentionDays"], accepted: [302], refused: [400] },
  // Retry a failed message: a row action whose bad input answers 400 and a row not failed 409.
  "/admin/email": { valid: () => ({ intent: "retry", id: SEEDED_ID }), freeText: {}, checked: ["intent", "id"], accepted: [302, 409], refused: [400, 409] },
  // The announcement form's preview (issue 17): subject and Markdown body are free text; the corpus runs
  // with email off, so a valid post is refused 409 ("email is off") after its fields were checked.
  "/admin/announcements": {
    valid: (id) => ({ intent: "preview", subject: `Corpus news ${id}`, body: "Some **news**.", segment: "updates", request: `corpus-${id}-request` }),
    freeText: { subject: asTyped, body: asTyped },
    checked: ["intent", "segment", "request"],
    accepted: [200, 409],
    refused: [400],
  },
  // The provider's delivery reports: nothing in the corpus is signed with the webhook's secret (the
  // test sets one), so every call is refused, 400 (no or malformed Svix headers) or 401.
  "/api/email/webhook": { valid: () => ({ type: "email.bounced" }), freeText: {}, checked: ["type"], accepted: [400, 401], refused: [400, 401], accept: "*/*" },
  // The import's upload (ADR 0053) takes a file; a form without one is refused 400, whatever else it holds.
  "/admin/import": { valid: () => ({ file: "email\r\ncorpus@hostile.example" }), freeText: {}, checked: ["file"], accepted: [400], refused: [400] },
  // An import's preview: the corpus holds no signed link, so every post goes back to the upload with the error flash.
  "/admin/import/:token": { valid: () => ({ intent: "import" }), freeText: {}, checked: ["intent"], accepted: [302], refused: [302, 400] },
  // The development mailbox's "Delete all": 404 outside development (the corpus runs in test mode).
  "/admin/mailbox": { valid: () => ({ intent: "delete-all" }), freeText: {}, checked: ["intent"], accepted: [302, 404], refused: [400, 404] },
};

/**
 * The public forms as they are sent with JavaScript: to their page's action, answered as Remix data
 * (ADR 0051). Their page's pattern covers the page's answer; these the data answer.
 */
const CONTACT_AS_DATA = { path: "/contact?_data=routes%2F(%24lang).contact", pattern: "/contact", admin: false, model: contactForm("*/*") };
const WAITLIST_AS_DATA = { path: "/waitlist?_data=routes%2F(%24lang).waitlist", pattern: "/waitlist", admin: false, model: waitlistForm("*/*") };

/**
 * Admin pages the corpus cannot open as pages: those that exist only in development (the corpus runs in
 * test mode, where they answer 404), and an import's preview, behind a signed link of the upload's own
 * (ADR 0053; tests/integration/admin-import.test.ts renders it).
 */
const DEVELOPMENT_ONLY_ADMIN_PATTERNS = new Set(["/admin/mailbox", "/admin/mailbox/:id", "/admin/import/:token"]);

/**
 * The pages behind emailed links (ADR 0031): the corpus holds no valid token (they are signed with the
 * site's secret), so every submission, hostile or not, is refused 400 and changes nothing.
 */
function tokenGatedForm(intent: string): FormModel {
  return { valid: () => ({ token: "1.abcdefg.AAAAAAAAAAAAAAAAAAAAAA", intent }), freeText: {}, checked: ["token", "intent"], accepted: [400], refused: [400] };
}

/** A row action (delete, mark read…) aimed at a seeded row; only ever sent broken or refused. */
function rowActionForm(): FormModel {
  return { valid: () => ({ intent: "delete", id: SEEDED_ID }), freeText: {}, checked: ["intent", "id"], accepted: [302], refused: [302, 400, 404] };
}

/** The settings page's second form: A/B labels are free text an admin types and visitors see. */
const AB_TEST_FORM: FormModel = {
  valid: () => abTestFields(),
  freeText: { [HEADLINE_LABEL]: asTyped },
  checked: [abFieldName.weight("hero_headline", "control")],
  accepted: [302],
  refused: [400],
  shows: (_field, fields) => ({ page: "/home", text: fields[HEADLINE_LABEL]!.trim(), rightAway: true }),
};

/** The analytics collector's JSON batch: one page view with the case's own path. */
function eventBatch(id: string, change: (batch: EventBatch) => void = () => {}): EventBatch {
  const batch: EventBatch = {
    consent: "anonymous",
    events: [{ name: "page_view", at: Date.now(), path: `/corpus/${id}`, properties: { title: "Corpus page" } }],
  };
  change(batch);
  return batch;
}
interface EventBatch {
  consent: string;
  sessionId?: string;
  referrer?: string;
  utm?: Record<string, string>;
  events: { name: string; at: number; path: string; properties: Record<string, unknown> }[];
}
/** The path as the collector stores it: without query string or fragment. */
const storedPath = (path: string) => path.split(/[?#]/, 1)[0] || "/";

/** Hostile values in each part of an event batch: what is refused, and what is stored as typed. */
const EVENT_FIELDS: { field: string; put(batch: EventBatch, value: string, id: string): void; stored: boolean }[] = [
  { field: "event name", put: (b, v) => void (b.events[0]!.name = v), stored: false },
  { field: "path", put: (b, v, id) => void (b.events[0]!.path = `/corpus/${id}/${v}`), stored: true },
  { field: "title property", put: (b, v) => void (b.events[0]!.properties.title = v), stored: true },
  { field: "property name", put: (b, v) => void (b.events[0]!.properties[v] = 1), stored: true },
  { field: "consent", put: (b, v) => void (b.consent = v), stored: false },
  { field: "sessionId", put: (b, v) => void (b.sessionId = v), stored: false },
  { field: "referrer", put: (b, v) => void (b.referrer = v), stored: true },
  { field: "utm source", put: (b, v) => void (b.utm = { source: v }), stored: true },
];

// ---------------------------------------------------------------------------------------------
// The corpus

export interface Endpoints {
  /** Every GET-able route (params filled in; English for a localized one), with whether it needs the owner's session. */
  pages: { path: string; pattern: string; admin: boolean; localized: boolean }[];
  /** Every route with an action, by pattern, with its URL. */
  forms: { path: string; pattern: string; admin: boolean; localized: boolean }[];
  /** Guarded admin pages and actions. */
  adminPages: string[];
  adminActions: string[];
}

const CATCH_ALL = "/*";
const PARAM_SAMPLES: Record<string, string> = {
  "/blog/:slug": `/blog/${posts[0]!.slug}`,
  "/tutorials/:slug": `/tutorials/${tutorials[0]!.slug}`,
  "/admin/reviews/:id": `/admin/reviews/${SEEDED_ID}`,
  "/admin/beta-testers/:id": `/admin/beta-testers/${SEEDED_ID}`,
};

export function endpointsOf(build: ServerBuild): Endpoints {
  const routes = appRoutes(build).filter((r) => r.pattern !== CATCH_ALL);
  const guarded = (r: AppRoute) => isGuardedAdminPattern(r.pattern);
  const entry = (r: AppRoute) => ({ path: fillParams(r.pattern, PARAM_SAMPLES), pattern: r.pattern, admin: guarded(r), localized: r.localized });
  return {
    pages: routes.filter((r) => r.hasLoader || !r.hasAction).map(entry),
    forms: routes.filter((r) => r.hasAction).map(entry),
    adminPages: routes.filter((r) => guarded(r) && r.hasLoader && !DEVELOPMENT_ONLY_ADMIN_PATTERNS.has(r.pattern)).map((r) => fillParams(r.pattern, PARAM_SAMPLES)),
    adminActions: routes.filter((r) => guarded(r) && r.hasAction).map((r) => fillParams(r.pattern, PARAM_SAMPLES)),
  };
}

/** Builds the whole corpus for the routes of `build`. */
export function hostileCorpus(build: ServerBuild): HostileCase[] {
  const endpoints = endpointsOf(build);
  const cases: HostileCase[] = [];
  const add = (category: Category, spec: (id: string) => CaseSpec) => {
    const id = `h${String(cases.length + 1).padStart(3, "0")}`;
    cases.push({ id, category, ...spec(id) });
  };
  const sessionFor = (form: { admin: boolean }): SessionName | undefined => (form.admin ? "owner" : undefined);
  const modelled = endpoints.forms.filter((f) => FORM_MODELS[f.pattern]);
  /** A form's fields sent as that form sends them (as the owner for an admin form). */
  const postFields = (form: { path: string; admin: boolean }, model: FormModel, fields: Record<string, string>, ctx: CaseContext) =>
    send(form.path, ctx, { body: formBody(fields), contentType: FORM, accept: model.accept ?? "text/html", session: sessionFor(form) });

  // --- Injection into every field of every form: stored as typed, or refused; never run.
  const injectInto = (category: Category, payloads: readonly string[]) => {
    let turn = 0;
    const next = () => payloads[turn++ % payloads.length]!;
    const formsWithAb = [
      ...modelled.map((f) => ({ ...f, model: FORM_MODELS[f.pattern]! })),
      CONTACT_AS_DATA,
      WAITLIST_AS_DATA,
      { path: "/admin/settings", pattern: "/admin/settings", admin: true, model: AB_TEST_FORM },
    ];
    for (const form of formsWithAb) {
      const { model } = form;
      for (const field of [...Object.keys(model.freeText), ...model.checked]) {
        const payload = next();
        const fit = model.freeText[field];
        add(category, (id) => {
          const fields = { ...model.valid(id), [field]: fit ? fit(payload) : payload };
          const storedAsTyped = fit && !model.refuses?.(field, fields[field]!);
          return {
            name: `POST ${form.path}: ${payload} in ${field}`,
            request: (ctx) => postFields(form, model, fields, ctx),
            status: storedAsTyped ? model.accepted : model.refused,
            payload,
            stores: storedAsTyped && model.stores ? model.stores(fields, id) : undefined,
            shows: storedAsTyped ? (model.shows?.(field, fields) ?? undefined) : undefined,
          };
        });
        // Refused for another field, the form comes back with what was typed: the no-JS error path.
        const refusedBy = model.checked[0];
        if (fit && refusedBy) {
          add(category, (id) => ({
            name: `POST ${form.path}: ${payload} in ${field}, sent back in the form refused for its ${refusedBy}`,
            request: (ctx) => postFields(form, model, { ...model.valid(id), [field]: fit(payload), [refusedBy]: "?" }, ctx),
            status: model.refused,
            payload,
          }));
        }
      }
    }
    for (const { field, put, stored } of EVENT_FIELDS) {
      const payload = next();
      add(category, (id) => {
        const batch = eventBatch(id, (b) => put(b, payload, id));
        return {
          name: `POST /api/events: ${payload} in the ${field}`,
          request: (ctx) => send("/api/events", ctx, { body: JSON.stringify(batch), contentType: "application/json", accept: "*/*" }),
          status: stored ? [202] : [400],
          payload,
          stores: stored ? { table: "analytics_events", key: storedPath(batch.events[0]!.path) } : undefined,
        };
      });
    }
    // Query strings reach SQL too (the admin's search and filters) and come back in the page.
    for (const page of endpoints.pages) {
      const payload = next();
      add(category, () => ({
        name: `GET ${page.path} with ${payload} in every usual query parameter`,
        request: (ctx) => {
          const query = new URLSearchParams(["q", "page", "sort", "from", "utm_source", "url", "redirectTo", "platform", "intent", "confirm"].map((k) => [k, payload]));
          return send(`${page.path}?${query}`, ctx, { method: "GET", session: sessionFor(page) });
        },
        payload,
      }));
    }
  };
  injectInto("sql-injection", SQL_INJECTION);
  injectInto("script-injection", SCRIPT_INJECTION);

  // SQL shaped as a valid email: accepted, stored as the literal text it is.
  for (const email of ["o'reilly'--@hostile.example", "'or'1'='1'--@hostile.example", "x'--drop-table-waitlist'--@hostile.example"]) {
    add("sql-injection", (id) => {
      const fields = { ...WAITLIST_AS_DATA.model.valid(id), email: `${id}.${email}` };
      return {
        name: `POST ${WAITLIST_AS_DATA.path}: SQL in an email that is still valid (${email})`,
        request: (ctx) => send(WAITLIST_AS_DATA.path, ctx, { body: formBody(fields), contentType: FORM, accept: "*/*" }),
        status: [200],
        stores: { table: "waitlist", key: fields.email.toLowerCase() },
      };
    });
  }
  // Formula injection: a spreadsheet must open these as text (the CSV export is checked afterwards).
  for (const [field, formula] of [["name", '=HYPERLINK(CONCAT("ht","tp:"),"click")'], ["utm_source", "@SUM(1+1)*cmd|' /C calc'!A0"], ["utm_campaign", "+1-1"]] as const) {
    add("script-injection", (id) => {
      const fields: Record<string, string> = { ...WAITLIST_AS_DATA.model.valid(id), [field]: formula };
      return {
        name: `POST ${WAITLIST_AS_DATA.path}: spreadsheet formula ${formula} in ${field}`,
        request: (ctx) => send(WAITLIST_AS_DATA.path, ctx, { body: formBody(fields), contentType: FORM, accept: "*/*" }),
        status: [200],
        stores: { table: "waitlist", key: fields.email! },
      };
    });
  }

  // The sign-in's classic bypass: the owner's email with SQL for a password, and SQL for both.
  for (const [email, password] of [[OWNER.email, "' OR '1'='1"], ["' OR 1=1--", "' OR 1=1--"], [`${OWNER.email}'--`, "anything at all"]] as const) {
    add("sql-injection", () => ({
      name: `POST /admin/login: sign-in bypass with email ${email} and password ${password}`,
      request: (ctx) => send("/admin/login", ctx, { body: formBody({ email, password }), contentType: FORM }),
      status: [401],
    }));
  }

  // --- Oversized bodies and fields.
  const everyPost = endpoints.forms;
  for (const form of everyPost) {
    const model = FORM_MODELS[form.pattern];
    // 6 KiB over the path's limit (64 KiB; a file upload's is its own, ADR 0053).
    const limit = requestBodyLimit(form.path);
    add("oversized", (id) => ({
      name: `POST ${form.path}: a body 6 KiB over its limit of ${limit / 1024} KiB`,
      request: (ctx) => send(form.path, ctx, { body: formBody({ ...model?.valid(id), filler: "x".repeat(limit + 6 * 1024) }), contentType: FORM, session: sessionFor(form) }),
      status: [413],
    }));
    add("oversized", () => ({
      name: `POST ${form.path}: Content-Length claims 10 MB`,
      request: (ctx) => send(form.path, ctx, { body: "a=1", contentType: FORM, session: sessionFor(form), headers: { "Content-Length": String(10 * 1024 * 1024) } }),
      status: [413],
    }));
  }
  for (const form of modelled) {
    const model = FORM_MODELS[form.pattern]!;
    for (const field of [...Object.keys(model.freeText), ...model.checked]) {
      add("oversized", (id) => ({
        name: `POST ${form.path}: 20,000 characters in ${field}`,
        request: (ctx) => postFields(form, model, { ...model.valid(id), [field]: `${"A".repeat(20_000)}<script>alert(1)</script>` }, ctx),
        status: model.refused,
        payload: "<script>alert(1)</script>",
      }));
    }
  }
  add("oversized", (id) => ({
    name: "POST /api/events: 10,000 events in one batch",
    request: (ctx) => {
      const batch = eventBatch(id);
      batch.events = Array.from({ length: 10_000 }, () => batch.events[0]!);
      return send("/api/events", ctx, { body: JSON.stringify(batch), contentType: "application/json", accept: "*/*" });
    },
    status: [413],
  }));

  // --- Truncated bodies.
  for (const form of everyPost) {
    const model = FORM_MODELS[form.pattern];
    add("truncated", (id) => {
      const full = formBody(model?.valid(id) ?? { a: "1" });
      return {
        name: `POST ${form.path}: the connection drops halfway through the body`,
        request: (ctx) =>
          send(form.path, ctx, { body: droppedBody(full.slice(0, Math.ceil(full.length / 2))), contentType: FORM, session: sessionFor(form), headers: { "Content-Length": String(full.length) } }),
        status: [400],
      };
    });
  }
  for (const form of modelled.filter((f) => !f.admin)) {
    const model = FORM_MODELS[form.pattern]!;
    add("truncated", (id) => {
      const { body, contentType } = multipart(model.valid(id), true);
      return { name: `POST ${form.path}: multipart body cut before its closing boundary`, request: (ctx) => send(form.path, ctx, { body, contentType, accept: model.accept }), status: [400] };
    });
    add("truncated", (id) => {
      const cut = formBody(model.valid(id)).replace(/%40.*/, "%4");
      return {
        name: `POST ${form.path}: urlencoded body cut inside a percent escape, Content-Length claiming more`,
        request: (ctx) => send(form.path, ctx, { body: cut, contentType: FORM, accept: model.accept, headers: { "Content-Length": String(cut.length + 500) } }),
        status: model.refused,
      };
    });
  }
  const cutJson = JSON.stringify(eventBatch("cut")).slice(0, 60);
  add("truncated", () => ({
    name: "POST /api/events: JSON cut off mid-string, Content-Length claiming more",
    request: (ctx) => send("/api/events", ctx, { body: cutJson, contentType: "application/json", accept: "*/*", headers: { "Content-Length": "4000" } }),
    status: [400],
  }));
  add("truncated", () => ({
    name: "POST /api/events: empty body",
    request: (ctx) => send("/api/events", ctx, { body: "", contentType: "application/json", accept: "*/*" }),
    status: [400],
  }));

  // --- Invalid UTF-8: a form that is not UTF-8 is refused (what would be stored is not what was sent).
  const badBytes: [string, number[]][] = [
    ["C3 28 (invalid continuation)", [0xc3, 0x28]],
    ["FF FE (never valid)", [0xff, 0xfe]],
    ["C0 AF (overlong /)", [0xc0, 0xaf]],
    ["ED A0 80 (lone surrogate)", [0xed, 0xa0, 0x80]],
    ["F8 88 80 80 80 (5-byte form)", [0xf8, 0x88, 0x80, 0x80, 0x80]],
  ];
  for (const [index, [label, raw]] of badBytes.entries()) {
    const [form, model] = (
      [
        [WAITLIST_AS_DATA.path, WAITLIST_AS_DATA.model],
        ["/waitlist", FORM_MODELS["/waitlist"]!],
        [CONTACT_AS_DATA.path, CONTACT_AS_DATA.model],
        ["/contact", FORM_MODELS["/contact"]!],
        ["/notify", FORM_MODELS["/notify"]!],
      ] as const
    )[index]!;
    add("invalid-utf8", (id) => ({
      name: `POST ${form}: raw bytes ${label} in the name`,
      request: (ctx) => send(form, ctx, { body: rawBytesIn(model.valid(id), "name", "Eve", raw), contentType: FORM, accept: model.accept }),
      status: model.refused,
    }));
    add("invalid-utf8", (id) => ({
      name: `POST ${form}: raw bytes ${label} in the email`,
      request: (ctx) => send(form, ctx, { body: rawBytesIn(model.valid(id), "email", `${id}`, [...raw, ...new TextEncoder().encode("@hostile.example")]), contentType: FORM, accept: model.accept }),
      status: model.refused,
    }));
  }
  for (const [label, encoded] of [["lone surrogate %ED%A0%80", "%ED%A0%80"], ["overlong %C0%AE%C0%AE", "%C0%AE%C0%AE"], ["bare %FF", "%FF"]] as const) {
    add("invalid-utf8", (id) => ({
      name: `POST ${CONTACT_AS_DATA.path}: percent-encoded ${label} in the subject`,
      request: (ctx) => send(CONTACT_AS_DATA.path, ctx, { body: `${formBody(CONTACT_AS_DATA.model.valid(id))}&subject=${encoded}Hi`, contentType: FORM, accept: "*/*" }),
      status: [400],
    }));
    for (const path of [`/blog/${encoded}`, `/tutorials/x${encoded}`, `/${encoded}`, `/home?utm_source=${encoded}`, `/link-sanitization?url=https://example.com/${encoded}`]) {
      add("invalid-utf8", () => ({ name: `GET ${path}`, request: (ctx) => send(path, ctx, { method: "GET" }) }));
    }
    add("invalid-utf8", () => ({
      name: `GET /admin/beta-testers?q=${encoded} (signed in)`,
      request: (ctx) => send(`/admin/beta-testers?q=${encoded}`, ctx, { method: "GET", session: "owner" }),
      status: [200],
    }));
  }
  add("invalid-utf8", (id) => ({
    name: "POST /api/events: raw FF byte inside a JSON string",
    request: (ctx) => {
      const [before, after] = JSON.stringify(eventBatch(id)).split("Corpus page") as [string, string];
      return send("/api/events", ctx, { body: bytes(before, [0xff], after), contentType: "application/json", accept: "*/*" });
    },
    status: [400],
  }));
  add("invalid-utf8", (id) => {
    const batch = eventBatch(id);
    return {
      name: "POST /api/events: JSON-escaped lone surrogate \\ud800 in the title",
      request: (ctx) => send("/api/events", ctx, { body: JSON.stringify(batch).replace("Corpus page", "Corpus \\ud800 page"), contentType: "application/json", accept: "*/*" }),
      status: [202],
      stores: { table: "analytics_events", key: batch.events[0]!.path },
    };
  });
  add("invalid-utf8", (id) => ({
    name: "POST /admin/reviews/new: raw bytes C3 28 in the content (signed in)",
    request: (ctx) => send("/admin/reviews/new", ctx, { body: rawBytesIn(FORM_MODELS["/admin/reviews/new"]!.valid(id), "content", "Good ", [0xc3, 0x28]), contentType: FORM, session: "owner" }),
    status: [400],
  }));

  // --- Wrong content types.
  for (const form of everyPost) {
    const model = FORM_MODELS[form.pattern];
    const isCollector = form.pattern === "/api/events";
    const types: [string, string | null, (id: string) => string][] = [
      ["XML with an external entity", "text/xml", () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><x>&xxe;</x>'],
      ["a form body with no Content-Type", null, (id) => formBody(model?.valid(id) ?? { a: "1" })],
      ["text/html", "text/html", () => "<form><input name=email value=x@y.z></form>"],
      isCollector ? ["a form body", FORM, () => formBody({ consent: "anonymous" })] : ["JSON", "application/json", (id) => JSON.stringify(model?.valid(id) ?? {})],
    ];
    for (const [label, contentType, bodyFor] of types) {
      add("content-type", (id) => ({
        name: `POST ${form.path}: ${label}`,
        // Sign-out ends the session whatever the body says; these go without one.
        request: (ctx) => send(form.path, ctx, { body: bodyFor(id), contentType, accept: model?.accept ?? "*/*", session: form.admin ? "owner" : undefined }),
        status: isCollector ? [400, 415] : form.pattern === "/admin/logout" ? [302] : [400],
      }));
    }
  }
  for (const form of modelled.filter((f) => !f.admin && f.pattern !== "/admin/login")) {
    const model = FORM_MODELS[form.pattern]!;
    add("content-type", (id) => {
      const fields = { ...model.valid(id), name: "<img src=x onerror=alert(1)>" };
      const { body, contentType } = multipart(fields);
      return {
        name: `POST ${form.path}: multipart form (what enctype=multipart sends) with an HTML tag in the name`,
        request: (ctx) => send(form.path, ctx, { body, contentType, accept: model.accept }),
        status: model.accepted,
        payload: fields.name,
        stores: model.stores?.(fields, id),
      };
    });
  }
  // Forms are read as UTF-8 only (ADR 0022): a form declaring another charset is refused as unreadable,
  // never decoded as it claims; one declaring UTF-8 (as jQuery's default Content-Type does) is a form.
  add("content-type", (id) => ({
    name: "POST /waitlist: UTF-7 charset declared, UTF-7 script in the name (refused as unreadable)",
    request: (ctx) =>
      send("/waitlist", ctx, { body: formBody({ ...FORM_MODELS["/waitlist"]!.valid(id), name: "+ADw-script+AD4-alert(1)+ADw-/script+AD4-" }), contentType: `${FORM}; charset=utf-7` }),
    status: [400],
  }));
  add("content-type", (id) => {
    const fields: Record<string, string> = { ...FORM_MODELS["/waitlist"]!.valid(id), name: "<img src=x onerror=alert(1)>" };
    return {
      name: "POST /waitlist: charset=UTF-8 declared, an HTML tag in the name (stored as text)",
      request: (ctx) => send("/waitlist", ctx, { body: formBody(fields), contentType: `${FORM}; charset=UTF-8` }),
      status: [200],
      payload: fields.name,
      stores: { table: "waitlist", key: fields.email },
      shows: { page: `/admin/beta-testers?q=${encodeURIComponent(fields.email!)}`, text: fields.name! },
    };
  });

  // --- Header injection: CR/LF in anything that might reach a header.
  const crlf = "\r\nSet-Cookie: injected=1";
  add("header-injection", () => ({
    name: "POST /admin/login: correct password, CRLF Set-Cookie in redirectTo",
    request: (ctx) => send("/admin/login", ctx, { body: formBody({ ...OWNER, redirectTo: `/admin/users${crlf}` }), contentType: FORM }),
    status: [302],
    location: "/admin/dashboard",
    stores: { table: "admin_sessions" },
  }));
  add("header-injection", () => ({
    name: "GET /admin/login (signed in): percent-encoded CRLF Set-Cookie in redirectTo",
    request: (ctx) => send(`/admin/login?redirectTo=${encodeURIComponent(`/admin/users${crlf}`)}`, ctx, { method: "GET", session: "owner" }),
    status: [302],
    location: "/admin/dashboard",
  }));
  add("header-injection", () => ({
    name: "GET /admin/dashboard (no session): CRLF in the query that becomes the return path",
    request: (ctx) => send("/admin/dashboard?x=%0D%0ASet-Cookie:%20injected=1", ctx, { method: "GET" }),
    status: [302],
    location: /^\/admin\/login\?redirectTo=/,
  }));
  for (const [form, field, model] of [
    [WAITLIST_AS_DATA.path, "name", WAITLIST_AS_DATA.model],
    ["/waitlist", "utm_source", FORM_MODELS["/waitlist"]!],
    [CONTACT_AS_DATA.path, "subject", CONTACT_AS_DATA.model],
    ["/contact", "name", FORM_MODELS["/contact"]!],
  ] as const) {
    add("header-injection", (id) => {
      const fields = { ...model.valid(id), [field]: `Eve${crlf}` };
      // A name refuses control characters; other free text keeps them, as text.
      const refused = model.refuses?.(field, fields[field]!) ?? false;
      return {
        name: `POST ${form}: CRLF Set-Cookie in ${field} (${refused ? "refused" : "stored as text"})`,
        request: (ctx) => send(form, ctx, { body: formBody(fields), contentType: FORM, accept: model.accept }),
        status: refused ? model.refused : [200],
        stores: refused ? undefined : model.stores?.(fields, id),
      };
    });
  }
  for (const [form, model] of [[WAITLIST_AS_DATA.path, WAITLIST_AS_DATA.model], ["/contact", FORM_MODELS["/contact"]!]] as const) {
    add("header-injection", (id) => ({
      name: `POST ${form}: CRLF Bcc header in the email`,
      request: (ctx) => send(form, ctx, { body: formBody({ ...model.valid(id), email: `${id}@hostile.example\r\nBcc: everyone@example.com` }), contentType: FORM, accept: model.accept }),
      status: [400],
    }));
  }
  add("header-injection", () => ({
    name: "GET /home: CRLF in utm_source, which the page keeps for the sign-up form",
    request: (ctx) => send(`/home?utm_source=${encodeURIComponent(`x${crlf}`)}`, ctx, { method: "GET" }),
    status: [200],
  }));
  add("header-injection", () => ({
    name: "GET /admin/beta-testers.csv (signed in): CRLF Content-Disposition in the search",
    request: (ctx) => send(`/admin/beta-testers.csv?q=${encodeURIComponent('x\r\nContent-Disposition: attachment; filename="evil.html"')}`, ctx, { method: "GET", session: "owner" }),
    status: [200],
  }));

  // --- Open redirects: every way back from the login page stays on this site.
  const elsewhere = ["//evil.example", "https://evil.example/admin/x", "/\\evil.example", "\\\\evil.example", "/admin/..//evil.example", "javascript:alert(1)", "/admin/%2F%2Fevil.example", "http:evil.example", "/admin\\@evil.example"];
  for (const target of elsewhere) {
    add("open-redirect", () => ({
      name: `GET /admin/login (signed in): redirectTo=${target}`,
      request: (ctx) => send(`/admin/login?redirectTo=${encodeURIComponent(target)}`, ctx, { method: "GET", session: "owner" }),
      status: [302],
    }));
  }
  for (const target of elsewhere.slice(0, 4)) {
    add("open-redirect", () => ({
      name: `POST /admin/login: correct password, redirectTo=${target}`,
      request: (ctx) => send("/admin/login", ctx, { body: formBody({ ...OWNER, redirectTo: target }), contentType: FORM }),
      status: [302],
      location: "/admin/dashboard",
      stores: { table: "admin_sessions" },
    }));
  }
  add("open-redirect", () => ({
    name: 'GET /admin/login: redirectTo breaking out of its hidden field ("><script>)',
    request: (ctx) => send(`/admin/login?redirectTo=${encodeURIComponent('/admin/x"><script>alert(1)</script>')}`, ctx, { method: "GET" }),
    status: [200],
    payload: '"><script>alert(1)</script>',
  }));
  // The language switcher (POST /language) stores nothing; whatever `to` holds, it stays on this site.
  for (const lang of ["en", "de"]) {
    const home = lang === "en" ? "/home" : `/${lang}/home`;
    for (const target of [...elsewhere, "/admin/..//evil.example", "/de/..//evil.example", "https:evil.example", "/x\r\nSet-Cookie: evil=1", "A".repeat(20_000)]) {
      add("open-redirect", () => ({
        name: `POST /language: lang=${lang}, to=${target.slice(0, 40)}`,
        request: (ctx) => send("/language", ctx, { body: formBody({ lang, to: target }), contentType: FORM }),
        status: [303],
        ...(target.startsWith("/admin/%2F") ? {} : { location: home }),
      }));
    }
  }
  for (const lang of ["xx", "' OR 1=1--", "<script>alert(1)</script>", "de\r\nSet-Cookie: evil=1", ""]) {
    add("header-injection", () => ({ name: `POST /language: lang=${JSON.stringify(lang)}`, request: (ctx) => send("/language", ctx, { body: formBody({ lang, to: "/home" }), contentType: FORM }), status: [400] }));
  }
  for (const path of ["//evil.example", "/%2F%2Fevil.example", "/%5Cevil.example", "/\\evil.example/", "/https:/evil.example"]) {
    add("open-redirect", () => ({ name: `GET ${path} (unknown path, sent home)`, request: (ctx) => send(path, ctx, { method: "GET" }) }));
  }

  // --- Path traversal: no file of the project or the system is ever served.
  const traversal = [
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2fetc%2fpasswd",
    "/%252e%252e%252fetc%252fpasswd",
    "/build/../functions/[[path]].ts",
    "/build/index.js",
    "/functions/%5B%5Bpath%5D%5D.ts",
    "/wrangler.toml",
    "/.dev.vars",
    "/static/../../package.json",
    "/blog/..%2f..%2fpackage.json",
    "/tutorials/%2e%2e%2f%2e%2e%2fwrangler.toml",
    "/blog/....//....//etc/passwd",
    "/blog/getting-started%00.md",
    "/admin/..%2f..%2fetc/passwd",
  ];
  for (const path of traversal) add("path-traversal", () => ({ name: `GET ${path}`, request: (ctx) => send(path, ctx, { method: "GET" }) }));
  for (const path of ["/admin/reviews/..%2f..%2fusers", "/admin/reviews/1%2f..%2f..%2fusers", "/admin/..%2fadmin/users", "/admin/beta-testers.csv/..%2f..%2f..%2fwrangler.toml"]) {
    add("path-traversal", () => ({ name: `GET ${path} (signed in)`, request: (ctx) => send(path, ctx, { method: "GET", session: "owner" }) }));
  }
  for (const page of endpoints.pages) {
    const path = `${page.path === "/" ? "" : page.path}/%2e%2e%2f%2e%2e%2fetc%2fpasswd`;
    add("path-traversal", () => ({ name: `GET ${path}${page.admin ? " (signed in)" : ""}`, request: (ctx) => send(path, ctx, { method: "GET", session: sessionFor(page) }) }));
  }
  const hostileSegments = ["..%2f..%2f..%2fetc%2fpasswd", "%00", "' OR 1=1--", "<script>alert(1)<%2Fscript>", "1e309", "-1"];
  for (const page of endpoints.pages.filter((p) => p.pattern.includes("/:"))) {
    for (const value of hostileSegments) {
      const path = page.pattern.replace(/:[^/]+/, value);
      add("path-traversal", () => ({
        name: `GET ${path}${page.admin ? " (signed in)" : ""}`,
        request: (ctx) => send(path, ctx, { method: "GET", session: sessionFor(page) }),
        status: [404],
      }));
    }
  }

  // A hostile language prefix on every localized route (pageLanguage): a page redirects to the entry
  // (a file-like path is a 404), a form's valid submission is a 404 that stores nothing.
  for (const page of endpoints.pages.filter((p) => p.localized)) {
    for (const value of hostileSegments) {
      const path = `/${value}${page.path === "/" ? "" : page.path}`;
      const fileLike = ASSET_PATH.test(page.path);
      add("path-traversal", () => ({ name: `GET ${path}`, request: (ctx) => send(path, ctx, { method: "GET" }), status: fileLike ? [404] : [302], ...(fileLike ? {} : { location: "/" }) }));
    }
  }
  for (const form of modelled.filter((f) => f.localized)) {
    const model = FORM_MODELS[form.pattern]!;
    for (const value of ["xyz", "en", "en-us", "%00"]) {
      const path = `/${value}${form.path}`;
      add("path-traversal", (id) => ({ name: `POST ${path}`, request: (ctx) => send(path, ctx, { body: formBody(model.valid(id)), contentType: FORM, accept: model.accept ?? "text/html" }), status: [404] }));
    }
  }

  // --- Forged and replayed cookies, on every guarded admin page and action.
  for (const session of FORGED_SESSIONS) {
    for (const path of endpoints.adminPages) {
      add("forged-cookie", () => ({
        name: `GET ${path} with a session cookie ${session}`,
        request: (ctx) => send(path, ctx, { method: "GET", session }),
        status: [302],
        location: `/admin/login?redirectTo=${encodeURIComponent(path)}`,
      }));
    }
    for (const path of endpoints.adminActions) {
      const pattern = endpoints.forms.find((f) => f.path === path)!.pattern;
      add("forged-cookie", (id) => ({
        name: `POST ${path} with a session cookie ${session}`,
        request: (ctx) => send(path, ctx, { body: formBody(FORM_MODELS[pattern]?.valid(id) ?? { intent: "delete", id: SEEDED_ID }), contentType: FORM, session }),
        status: [302],
        location: /^\/admin\/login\?redirectTo=/,
      }));
    }
  }
  for (const session of FORGED_FLASHES) {
    for (const path of endpoints.adminPages.filter((p) => !p.endsWith(".csv"))) {
      add("forged-cookie", () => ({ name: `GET ${path} as the ${session}`, request: (ctx) => send(path, ctx, { method: "GET", session }), status: [200] }));
    }
  }

  // --- Cross-origin posts (CSRF), each carrying a submission that would otherwise be accepted.
  const foreign: [string, Record<string, string | null>][] = [
    ["Origin https://evil.example", { Origin: "https://evil.example" }],
    ["Origin null (sandboxed frame)", { Origin: "null" }],
    ["Sec-Fetch-Site cross-site, no Origin", { Origin: null, "Sec-Fetch-Site": "cross-site" }],
    ["a look-alike Origin http://127.0.0.1:8788.evil.example", { Origin: "http://127.0.0.1:8788.evil.example" }],
  ];
  for (const form of everyPost) {
    const model = FORM_MODELS[form.pattern];
    for (const [label, headers] of foreign) {
      add("cross-origin", (id) => {
        const fields = form.pattern === "/admin/login" ? { ...OWNER } : (model?.valid(id) ?? {});
        return {
          name: `POST ${form.path} from ${label}`,
          request: (ctx) => send(form.path, ctx, { body: formBody(fields), contentType: FORM, session: form.admin || form.pattern === "/admin/logout" ? "owner" : undefined, headers }),
          status: [403],
        };
      });
    }
  }

  // --- Methods the site never uses, each carrying a submission that POST would accept.
  for (const route of [...endpoints.pages, ...endpoints.forms.filter((f) => !endpoints.pages.some((p) => p.pattern === f.pattern))]) {
    const model = FORM_MODELS[route.pattern];
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      add("wrong-method", (id) => ({
        name: `${method} ${route.path}`,
        request: (ctx) =>
          send(route.path, ctx, {
            method,
            body: formBody(route.pattern === "/admin/login" ? { ...OWNER } : (model?.valid(id) ?? {})),
            contentType: FORM,
            session: route.admin || route.pattern === "/admin/logout" ? "owner" : undefined,
          }),
        status: [405],
      }));
    }
  }

  // --- Absurd query parameters: a bad link shows the default view, never an error.
  const absurd: [string, SessionName | undefined][] = [
    ["/admin/beta-testers?page=-1", "owner"],
    ["/admin/beta-testers?page=1e309", "owner"],
    ["/admin/beta-testers?page=99999999", "owner"],
    ["/admin/beta-testers?page=NaN&sort=unknown&dir=sideways", "owner"],
    ["/admin/beta-testers?from=2026-02-31&to=2026-13-01", "owner"],
    ["/admin/beta-testers?from=2026-12-31&to=2026-01-01", "owner"],
    ["/admin/beta-testers?intent=bogus&source=%00&utm=%25", "owner"],
    ["/admin/beta-testers?q=%25", "owner"],
    ["/admin/beta-testers?q=_", "owner"],
    [`/admin/beta-testers?q=${"x".repeat(5000)}`, "owner"],
    ["/admin/beta-testers?page=1&page=2&page=-5", "owner"],
    ["/admin/beta-testers.csv?page=-1&sort=unknown&from=2026-02-31", "owner"],
    ["/admin/contact-submissions?page=-1", "owner"],
    ["/admin/contact-submissions?page=1e309&show=bogus", "owner"],
    ["/admin/contact-submissions?confirm=-1", "owner"],
    ["/admin/contact-submissions?confirm=99999999999999999999", "owner"],
    ["/admin/analytics?from=2026-02-31&to=2026-03-01", "owner"],
    ["/admin/analytics?from=2026-03-01&to=2026-01-01", "owner"],
    ["/admin/analytics?from=1900-01-01&to=2100-12-31", "owner"],
    ["/admin/analytics?from=0000-00-00&to=9999-99-99", "owner"],
    ["/admin/analytics?from=%2B275760-09-13&to=-271821-04-20", "owner"],
    ["/admin/users?confirm=-1&reset=1e309", "owner"],
    ["/admin/users?confirm=1", "owner"],
    ["/admin/reviews?confirm=99999999999999", "owner"],
    ["/admin/settings?confirm=garbage", "owner"],
    ["/admin/dashboard?days=-1&limit=99999999", "owner"],
    ["/blog?page=-1&limit=99999999&sort=unknown", undefined],
    ["/blog?page=1e309", undefined],
    ["/tutorials?page=99999999&tag=%00", undefined],
    ["/notify?platform=windows_95&intent=world_domination", undefined],
    [`/link-sanitization?url=${encodeURIComponent(`https://example.com/?${"utm_source=x&".repeat(600)}`)}`, undefined],
    ["/link-sanitization?url=not%20a%20url%20at%20all", undefined],
    [`/home?utm_source=${"A".repeat(5000)}&utm_campaign=2026-02-31`, undefined],
    ["/home?_data=root", undefined],
    ["/home?_data=routes%2Fadmin.users", undefined],
    ["/admin/dashboard?_data=routes%2Fadmin.users", undefined],
  ];
  for (const [path, session] of absurd) {
    add("absurd-query", () => ({
      name: `GET ${path.length > 90 ? `${path.slice(0, 90)}…` : path}${session ? " (signed in)" : ""}`,
      request: (ctx) => send(path, ctx, { method: "GET", session }),
    }));
  }

  return cases;
}
