/**
 * What an import file says (ADR 0053): its bytes read as UTF-8 CSV, its header's columns recognised by
 * sensible names (the beta testers export's own among them, so an export imports back), and each row
 * read into a person or refused with the sign-up form's own email and name rules. Then each row's
 * outcome against the list: added (confirmed with its consent evidence, or pending and asked to
 * confirm), or skipped as a duplicate, suppressed or invalid, and why. Plain functions: the server
 * supplies what is on the list and what is suppressed.
 */
import { EMAIL_MAX_LENGTH, WAITLIST_INTENTS, WAITLIST_PLATFORMS } from "~/lib/constants";
import { DEFAULT_LANG, isLang, LANGUAGES, negotiateLanguage, type Lang } from "~/lib/i18n/languages";
import { emailProblem, nameProblem, normaliseEmail } from "~/lib/field-rules";
import { inboxKey } from "~/lib/inbox";
import { VALIDATION_MESSAGES } from "~/lib/messages";
import { parseCsv } from "./parse-csv";

/** The largest file the import takes (the request pipeline refuses larger bodies first, with 413). */
export const IMPORT_MAX_FILE_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_FILE_TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB, the most the import takes. Split it into smaller files and import them one after another.`;
const CONSENT_EVIDENCE_MAX_LENGTH = 1000;
const CONSENT_PAGE_MAX_LENGTH = 512;
const UTM_MAX_LENGTH = 200;

type Intent = (typeof WAITLIST_INTENTS)[number];
type Platform = (typeof WAITLIST_PLATFORMS)[number];

/** A person as they will be stored. Dates are UTC ISO timestamps. */
export interface ImportPerson {
  email: string;
  firstName: string | null;
  lastName: string | null;
  intent: Intent;
  platform: Platform;
  signedUpAt: string | null;
  /** Their consent evidence: stored confirmed with it as their proof of consent. Null: asked to confirm. */
  consent: { at: string | null; confirmedAt: string | null; page: string | null; evidence: string } | null;
  utm: { source: string; medium: string; campaign: string };
  /** The language their emails are in (ADR 0058); English when the file does not say. */
  language: Lang;
}

export interface FileRow {
  line: number;
  /** The email and name as the file has them, for the preview (cut to a length a table can show). */
  email: string;
  name: string;
  /** Why the row cannot be imported as it is, else null. */
  problem: string | null;
  /** The file itself says this person unsubscribed: never added back. */
  unsubscribed: boolean;
  person: ImportPerson | null;
}

export type ImportFile = { ok: true; rows: FileRow[]; ignoredColumns: string[] } | { ok: false; message: string };

const COLUMN_NAMES = {
  email: ["email", "emailaddress", "mail", "emails"],
  name: ["name", "fullname", "displayname"],
  firstName: ["firstname", "givenname", "first"],
  lastName: ["lastname", "surname", "familyname", "last"],
  intent: ["intent", "list"],
  platform: ["platform", "device"],
  signedUpAt: ["signedup", "signedupat", "signedupdate", "signupdate", "signupat", "createdat", "created", "date", "joined", "joinedat", "dateadded", "subscribedat"],
  status: ["status"],
  confirmedAt: ["confirmedat", "confirmed", "optinat", "confirmeddate"],
  consentEvidence: ["consentevidence", "consent", "proofofconsent", "consentproof", "evidence"],
  consentAt: ["consentat", "consentdate", "consentgivenat"],
  consentForm: ["consentform"],
  consentPage: ["consentpage", "consenturl"],
  consentWording: ["consentwording"],
  utmSource: ["utmsource"],
  utmMedium: ["utmmedium"],
  utmCampaign: ["utmcampaign"],
  language: ["language", "lang", "locale"],
} as const;
type Column = keyof typeof COLUMN_NAMES;

/** "E-mail Address" and "email_address" are one name: lower case, letters and digits only. */
const headerKey = (name: string) => name.toLowerCase().replace(/^e-mail/, "email").replace(/[^a-z0-9]/g, "");

const COLUMN_BY_KEY = new Map<string, Column>(Object.entries(COLUMN_NAMES).flatMap(([column, names]) => names.map((name) => [name, column as Column])));

/**
 * The bytes as text: UTF-8 only (with or without its byte order mark), since a guess at another
 * encoding would store names no one typed. Anything else gets a message saying how to save it.
 */
export function decodeImportFile(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return { ok: false, message: "The file is saved as UTF-16 (\"Unicode text\"). Save it as \"CSV UTF-8\" and upload it again." };
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return {
      ok: false,
      message: "The file is not UTF-8 text. If it is a spreadsheet (.xlsx, .numbers) or a CSV in another encoding, save it as \"CSV UTF-8\" and upload it again.",
    };
  }
  if (text.includes("\u0000")) return { ok: false, message: "The file is not a CSV text file. Save it as \"CSV UTF-8\" and upload it again." };
  return { ok: true, text };
}

/** Reads the file's text: its header, then each row (at most IMPORT_MAX_ROWS). */
export function readImportFile(text: string, now: number = Date.now()): ImportFile {
  const parsed = parseCsv(text, { maxRecords: IMPORT_MAX_ROWS + 1 });
  if (!parsed.ok) return { ok: false, message: `The file is not valid CSV. ${parsed.message}` };
  const [header, ...records] = parsed.records;
  if (!header) return { ok: false, message: "The file is empty. Its first line names the columns (at least email), then one person per line." };
  if (records.length > IMPORT_MAX_ROWS) {
    return { ok: false, message: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en")} people, the most one import takes. Split it into smaller files.` };
  }

  const positions = new Map<Column, number>();
  const ignoredColumns: string[] = [];
  for (const [index, name] of header.fields.entries()) {
    const column = COLUMN_BY_KEY.get(headerKey(name));
    if (!column) {
      if (name.trim()) ignoredColumns.push(name.trim().slice(0, 60));
      continue;
    }
    if (positions.has(column)) {
      return { ok: false, message: `The header names the same column twice: "${header.fields[positions.get(column)!]}" and "${name}". Keep one of them.` };
    }
    positions.set(column, index);
  }
  if (!positions.has("email")) {
    return {
      ok: false,
      message: `The first line must name the columns, and none of them is an email column (email, e-mail or email address). It reads: "${header.fields.join(",").slice(0, 120)}".`,
    };
  }
  if (records.length === 0) return { ok: false, message: "The file names its columns but has no one in it." };

  const rows = records.map((record) => readRow(record.line, record.fields, header.fields.length, positions, now));
  return { ok: true, rows, ignoredColumns };
}

/** A spreadsheet export's defence against formulas (a leading `'`, as beta-testers/csv.ts writes it), undone. */
function cell(fields: string[], position: number | undefined): string {
  if (position === undefined) return "";
  const value = (fields[position] ?? "").trim();
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function readRow(line: number, fields: string[], columns: number, positions: Map<Column, number>, now: number): FileRow {
  const get = (column: Column) => cell(fields, positions.get(column));
  const email = get("email");
  const name = get("name") || [get("firstName"), get("lastName")].filter(Boolean).join(" ");
  const row = { line, email: email.slice(0, EMAIL_MAX_LENGTH + 1), name: name.slice(0, 120), unsubscribed: false };
  const refuse = (problem: string): FileRow => ({ ...row, problem, person: null });

  if (fields.slice(columns).some((extra) => extra.trim() !== "")) return refuse(`Has ${fields.length} fields; the header names ${columns}`);
  if (!email) return refuse("No email address");
  if (emailProblem(email)) return refuse("Not a valid email address");
  const nameIssue = nameProblem(name);
  if (nameIssue) return refuse(NAME_PROBLEMS[nameIssue] ?? "Not a valid name");

  const intent = INTENTS.get(headerKey(get("intent")));
  if (!intent) return refuse(`Unknown intent "${get("intent").slice(0, 40)}" (beta_testing or waitlist)`);
  const platform = PLATFORMS.get(headerKey(get("platform")));
  if (!platform) return refuse(`Unknown platform "${get("platform").slice(0, 40)}" (${WAITLIST_PLATFORMS.join(", ")})`);
  const status = STATUSES.get(headerKey(get("status")));
  if (status === undefined) return refuse(`Unknown status "${get("status").slice(0, 40)}" (confirmed, pending or unsubscribed)`);

  const dates: Partial<Record<"signedUpAt" | "consentAt" | "confirmedAt", string | null>> = {};
  for (const [column, label] of [
    ["signedUpAt", "Signed-up date"],
    ["consentAt", "Consent date"],
    ["confirmedAt", "Confirmed date"],
  ] as const) {
    const date = readDate(get(column), now);
    if (typeof date === "object" && date !== null) return refuse(`${label} ${date.problem}`);
    dates[column] = date;
  }

  const utm = { source: get("utmSource"), medium: get("utmMedium"), campaign: get("utmCampaign") };
  if (Object.values(utm).some((value) => value.length > UTM_MAX_LENGTH)) return refuse(`A UTM value is longer than ${UTM_MAX_LENGTH} characters`);
  const page = get("consentPage");
  if (page.length > CONSENT_PAGE_MAX_LENGTH) return refuse(`Consent page is longer than ${CONSENT_PAGE_MAX_LENGTH} characters`);
  const evidence = get("consentEvidence") || [get("consentForm"), get("consentWording")].filter(Boolean).join(" · ");
  if (evidence.length > CONSENT_EVIDENCE_MAX_LENGTH) return refuse(`Consent evidence is longer than ${CONSENT_EVIDENCE_MAX_LENGTH.toLocaleString("en")} characters`);

  const language = readLanguage(get("language"));
  if (!language) return refuse(`Unknown language "${get("language").slice(0, 40)}" (${LANGUAGES.map((l) => l.code).join(", ")})`);

  const words = name.split(/\s+/).filter(Boolean);
  // A person the file lists as pending never confirmed there: whatever else the row says, they are asked here.
  const consent = evidence && status !== "pending" ? { at: dates.consentAt ?? null, confirmedAt: dates.confirmedAt ?? null, page: page || null, evidence } : null;
  return {
    ...row,
    problem: null,
    unsubscribed: status === "unsubscribed",
    person: {
      email: normaliseEmail(email),
      firstName: words[0] ?? null,
      lastName: words.length > 1 ? words.slice(1).join(" ") : null,
      intent,
      platform,
      signedUpAt: dates.signedUpAt ?? null,
      consent,
      utm,
      language,
    },
  };
}

/**
 * A language code or tag as another tool writes it (de, DE, de-AT, pt-BR, pt), read as the site reads
 * a browser's (negotiateLanguage); empty: English; a language the site does not have: null.
 */
function readLanguage(text: string): Lang | null {
  if (!text) return DEFAULT_LANG;
  const tag = text.toLowerCase().replace(/_/g, "-");
  if (isLang(tag)) return tag;
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(tag)) return null;
  const lang = negotiateLanguage(undefined, tag);
  return lang === DEFAULT_LANG && !tag.startsWith(`${DEFAULT_LANG}-`) ? null : lang;
}

/** The form's messages speak to the person; the preview speaks to the admin about the row. */
const NAME_PROBLEMS: Record<string, string> = {
  [VALIDATION_MESSAGES.nameTooLong]: "Name is longer than 100 characters",
  [VALIDATION_MESSAGES.nameInvisible]: "Name has invisible or control characters",
  [VALIDATION_MESSAGES.nameLink]: "Name has a link or web address in it",
};

const INTENTS = new Map<string, Intent>([
  ["", "beta_testing"],
  ["betatesting", "beta_testing"],
  ["beta", "beta_testing"],
  ["betatester", "beta_testing"],
  ["waitlist", "waitlist"],
  ["notify", "waitlist"],
  ["notifyme", "waitlist"],
]);
const PLATFORMS = new Map<string, Platform>([
  ["", "ios"],
  ["ios", "ios"],
  ["iphone", "ios"],
  ["android", "android"],
  ["macos", "macos"],
  ["mac", "macos"],
  ["chromeextension", "chrome_extension"],
  ["chrome", "chrome_extension"],
  ["allplatforms", "all_platforms"],
  ["all", "all_platforms"],
]);
/** null: the file says nothing about it. */
const STATUSES = new Map<string, "confirmed" | "pending" | "unsubscribed" | null>([
  ["", null],
  ["confirmed", "confirmed"],
  ["subscribed", "confirmed"],
  ["active", "confirmed"],
  ["pending", "pending"],
  ["unconfirmed", "pending"],
  ["unsubscribed", "unsubscribed"],
]);

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date as YYYY-MM-DD, or with a time (UTC unless it says otherwise); null when empty. */
function readDate(text: string, now: number): string | null | { problem: string } {
  if (!text) return null;
  const parts = DATE.exec(text);
  const day = parts ? `${parts[1]}-${parts[2]}-${parts[3]}` : "";
  const dayTime = Date.parse(`${day}T00:00:00.000Z`);
  if (!parts || Number.isNaN(dayTime) || !new Date(dayTime).toISOString().startsWith(day)) {
    return { problem: `"${text.slice(0, 40)}" is not a date like 2025-01-31 or 2025-01-31T09:30:00Z` };
  }
  const zone = parts[8] ? (parts[8] === "Z" ? "Z" : parts[8].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2")) : "Z";
  const time = Date.parse(`${day}T${parts[4] ?? "00"}:${parts[5] ?? "00"}:${parts[6] ?? "00"}.${(parts[7] ?? "0").padEnd(3, "0")}${zone}`);
  if (Number.isNaN(time)) return { problem: `"${text.slice(0, 40)}" is not a time of day` };
  if (time > now + 86_400_000) return { problem: `${day} is in the future` };
  return new Date(time).toISOString();
}

export type RowOutcome = "add" | "duplicate" | "suppressed" | "invalid";
export const ROW_OUTCOMES: readonly RowOutcome[] = ["add", "duplicate", "suppressed", "invalid"];

export interface ClassifiedRow {
  line: number;
  email: string;
  name: string;
  outcome: RowOutcome;
  reason: string;
  person: ImportPerson | null;
}

export interface ClassifyContext {
  /** The inbox (lib/inbox.ts inboxKey) of everyone on the list now. */
  listedInboxes: ReadonlySet<string>;
  /** The suppressed among the rows' addresses (normalised), with the reason. */
  suppressed: ReadonlyMap<string, string>;
  /** Whether email goes out: without it no one can be asked to confirm. */
  emailEnabled: boolean;
}

/**
 * Each row's outcome, checked in this order: invalid; a second spelling of an inbox already in the
 * file (the first one counts); already on the list; suppressed (or unsubscribed in the file).
 */
export function classifyRows(rows: readonly FileRow[], { listedInboxes, suppressed, emailEnabled }: ClassifyContext): ClassifiedRow[] {
  const firstLine = new Map<string, number>();
  return rows.map((row) => {
    const base = { line: row.line, email: row.email, name: row.name, person: row.person };
    const skip = (outcome: RowOutcome, reason: string): ClassifiedRow => ({ ...base, outcome, reason, person: null });
    if (row.problem || !row.person) return skip("invalid", row.problem ?? "Unreadable row");
    const inbox = inboxKey(row.person.email);
    const earlier = firstLine.get(inbox);
    if (earlier !== undefined) return skip("duplicate", `Same inbox as line ${earlier}`);
    firstLine.set(inbox, row.line);
    if (listedInboxes.has(inbox)) return skip("duplicate", "Already on the list");
    const reason = suppressed.get(row.person.email);
    if (reason) return skip("suppressed", `On the suppression list (${reason})`);
    if (row.unsubscribed) return skip("suppressed", "Unsubscribed, says the file");
    if (!row.person.consent && !emailEnabled) return skip("invalid", "No consent evidence, and email is off: no one can be asked to confirm");
    return { ...base, outcome: "add", reason: row.person.consent ? "Confirmed, with consent evidence" : "Pending: asked to confirm by email" };
  });
}
