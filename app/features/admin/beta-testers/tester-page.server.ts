/**
 * A person's own admin page (issue 31, ADR 0052): their record and proof of consent, their place in
 * line (the status page's own reading), who they brought (the referral tree), every email the outbox
 * holds for them with its delivery state, the owner's notes, and the actions on them.
 */
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminLanguageName } from "~/features/admin/language-names";
import { adminAction, answerSaveFailure, parseAdminForm, parseId, saveFailedRedirect } from "~/features/admin/guard.server";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { readPlaceInLine } from "~/features/waitlist/place-in-line.server";
import { readReferralBoost } from "~/lib/settings.server";
import { invitationAction, loadInviteForm } from "./invitations.server";
import { addNote, deleteBetaTester, moveToFront, resendEmails, setPriority, TESTER_MESSAGES, unsubscribePeople } from "./tester-actions.server";
import { noteSchema, prioritySchema } from "./tester-schema";
import { betaTesterPath } from "./tester-paths";

/** How deep the referral tree goes (they, who they brought, who those brought), and how many people it names. */
const TREE_DEPTH = 3;
const TREE_LIMIT = 200;
/** The latest emails shown. */
const EMAILS_LIMIT = 50;

interface PersonRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  source: string;
  intent: string;
  status: string;
  language: string;
  created_at: string;
  confirmed_at: string | null;
  confirmation_sent_at: string | null;
  consent_at: string | null;
  consent_form: string | null;
  consent_page: string | null;
  consent_wording: string | null;
  pending_consent_at: string | null;
  pending_consent_form: string | null;
  pending_consent_page: string | null;
  pending_consent_wording: string | null;
  referral_code: string | null;
  referral_count: number;
  referred_by: number | null;
  referred_by_email: string | null;
  priority: number;
  invited_at: string | null;
  unsubscribed_at: string | null;
  wants_updates: number;
  wants_invitations: number;
  wants_android: number;
  wants_macos: number;
  wants_chrome_extension: number;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  platform: string | null;
  referrer: string | null;
}

export interface ReferralNode {
  id: number;
  email: string;
  status: string;
  depth: number;
  parent: number;
  createdAt: string;
}

export interface EmailRow {
  id: number;
  kind: string;
  status: string;
  attempts: number;
  createdAt: string;
  sentAt: string | null;
  deliveryEvent: string | null;
  deliveryEventAt: string | null;
  lastError: string | null;
}

export interface NoteRow {
  id: number;
  adminEmail: string;
  body: string;
  createdAt: string;
}

async function readPerson(db: D1Database, id: number) {
  const [person, tree, emails, notes] = await db.batch<unknown>([
    db
      .prepare(
        `SELECT w.id, w.email, w.first_name, w.last_name, w.source, w.intent, w.status, w.language, w.created_at, w.confirmed_at, w.confirmation_sent_at,
                w.consent_at, w.consent_form, w.consent_page, w.consent_wording,
                w.pending_consent_at, w.pending_consent_form, w.pending_consent_page, w.pending_consent_wording,
                w.referral_code, w.referral_count, w.referred_by, r.email AS referred_by_email, w.priority, w.invited_at, w.unsubscribed_at,
                w.wants_updates, w.wants_invitations, w.wants_android, w.wants_macos, w.wants_chrome_extension,
                json_extract(w.metadata, '$.utm_source') AS utm_source, json_extract(w.metadata, '$.utm_medium') AS utm_medium,
                json_extract(w.metadata, '$.utm_campaign') AS utm_campaign, json_extract(w.metadata, '$.platform') AS platform,
                json_extract(w.metadata, '$.referrer') AS referrer
           FROM waitlist AS w LEFT JOIN waitlist AS r ON r.id = w.referred_by WHERE w.id = ?1`,
      )
      .bind(id),
    // Who they brought, and who those brought, through the referred_by index; a cycle cannot loop (depth-bound).
    db
      .prepare(
        `WITH RECURSIVE tree(id, email, status, depth, parent, created_at) AS (
           SELECT id, email, status, 1, referred_by, created_at FROM waitlist WHERE referred_by = ?1
           UNION ALL
           SELECT w.id, w.email, w.status, tree.depth + 1, w.referred_by, w.created_at FROM waitlist AS w JOIN tree ON w.referred_by = tree.id
            WHERE tree.depth < ?2
         )
         SELECT id, email, status, depth, parent, created_at AS createdAt FROM tree ORDER BY depth, createdAt LIMIT ?3`,
      )
      .bind(id, TREE_DEPTH, TREE_LIMIT),
    db
      .prepare(
        `SELECT id, kind, status, attempts, created_at AS createdAt, sent_at AS sentAt, delivery_event AS deliveryEvent,
                delivery_event_at AS deliveryEventAt, last_error AS lastError
           FROM email_outbox WHERE waitlist_id = ?1 ORDER BY id DESC LIMIT ?2`,
      )
      .bind(id, EMAILS_LIMIT),
    db.prepare("SELECT id, admin_email AS adminEmail, body, created_at AS createdAt FROM waitlist_notes WHERE waitlist_id = ?1 ORDER BY created_at DESC, id DESC").bind(id),
  ]);
  const row = (person?.results[0] as PersonRow | undefined) ?? null;
  return {
    row,
    tree: (tree?.results ?? []) as ReferralNode[],
    emails: (emails?.results ?? []) as EmailRow[],
    notes: (notes?.results ?? []) as NoteRow[],
  };
}

export async function loadBetaTester({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = parseId(params.id);
  if (!id) throw json({ error: TESTER_MESSAGES.gone }, { status: 404 });
  const db = context.cloudflare.env.DB;
  const [{ row, tree, emails, notes }, boost, invite] = await Promise.all([readPerson(db, id), readReferralBoost(db), loadInviteForm(context)]);
  if (!row) throw json({ error: TESTER_MESSAGES.gone }, { status: 404 });
  const place = await readPlaceInLine(db, id, boost);
  const confirmDelete = new URL(request.url).searchParams.get("confirm") === "delete";
  return json({
    person: {
      id: row.id,
      email: row.email,
      name: [row.first_name, row.last_name].filter(Boolean).join(" "),
      source: row.source,
      intent: row.intent,
      status: row.status,
      /** The language of their emails, named in English (ADR 0058). */
      language: adminLanguageName(row.language),
      createdAt: row.created_at,
      confirmedAt: row.confirmed_at,
      confirmationSentAt: row.confirmation_sent_at,
      consent: { at: row.consent_at, form: row.consent_form, page: row.consent_page, wording: row.consent_wording },
      pendingConsent: row.pending_consent_at
        ? { at: row.pending_consent_at, form: row.pending_consent_form, page: row.pending_consent_page, wording: row.pending_consent_wording }
        : null,
      referralCode: row.referral_code,
      referralCount: row.referral_count,
      referredBy: row.referred_by && row.referred_by_email ? { id: row.referred_by, email: row.referred_by_email } : null,
      priority: row.priority,
      invitedAt: row.invited_at,
      unsubscribedAt: row.unsubscribed_at,
      preferences: {
        updates: row.wants_updates === 1,
        invitations: row.wants_invitations === 1,
        android: row.wants_android === 1,
        macos: row.wants_macos === 1,
        chromeExtension: row.wants_chrome_extension === 1,
      },
      attribution: { utmSource: row.utm_source, utmMedium: row.utm_medium, utmCampaign: row.utm_campaign, platform: row.platform, referrer: row.referrer },
    },
    place,
    tree,
    emails,
    notes,
    invite,
    confirmDelete,
  });
}

/** A refusal of the page's whole post (4xx), shown at the top of the actions. */
const refuse = (message: string, status = 400) => json(formRefusal(message), { status });

async function act(request: Request, context: AppLoadContext, admin: Parameters<typeof addNote>[1], id: number, fields: Record<string, string>): Promise<Response> {
  const db = context.cloudflare.env.DB;
  const here = betaTesterPath(id);
  const done = (message: string, to = here) => redirectWithFlash(request, context, to, { kind: "success", message });
  const failed = (message: string) => redirectWithFlash(request, context, here, { kind: "error", message });
  switch (fields.intent) {
    case "resend": {
      const counts = await resendEmails(context, admin, [id]);
      if (!counts) return refuse(TESTER_MESSAGES.emailOff, 409);
      const message = TESTER_MESSAGES.resent(counts.sent, counts.tooSoon, counts.skipped);
      return counts.sent > 0 ? done(message) : failed(message);
    }
    case "front": {
      const { moved } = await moveToFront(db, admin, [id]);
      return moved > 0 ? done(TESTER_MESSAGES.movedToFront(1, 0)) : failed(TESTER_MESSAGES.movedToFront(0, 1));
    }
    case "priority": {
      const submission = parseAdminForm(fields, prioritySchema);
      if (submission.status !== "success") return json(submission.reply(), { status: 400 });
      const email = await setPriority(db, admin, id, submission.value.priority);
      return email ? done(TESTER_MESSAGES.priority(email, submission.value.priority)) : failed(TESTER_MESSAGES.gone);
    }
    case "note": {
      const submission = parseAdminForm(fields, noteSchema);
      if (submission.status !== "success") return json(submission.reply(), { status: 400 });
      return (await addNote(db, admin, id, submission.value.body)) ? done(TESTER_MESSAGES.noteAdded) : failed(TESTER_MESSAGES.gone);
    }
    case "invite": {
      // The outreach invitation path itself, for this one person (email on, the TestFlight link, never twice).
      const answer = await invitationAction(context, admin, { intent: "invite", mode: "selected", request: fields.request ?? "", [`invite.${id}`]: "on" });
      return answer instanceof Response ? answer : redirectWithFlash(request, context, here, answer.flash);
    }
    case "unsubscribe": {
      const count = await unsubscribePeople(context, admin, [id]);
      // A pending person is deleted by leaving: their page is gone, so back to the list.
      const stillThere = await db.prepare("SELECT 1 AS yes FROM waitlist WHERE id = ?1").bind(id).first();
      return count > 0 ? done(TESTER_MESSAGES.unsubscribed(count), stillThere ? here : ADMIN_PATHS.betaTesters) : failed("They had already unsubscribed.");
    }
    case "delete": {
      const deleted = await deleteBetaTester(db, admin, id);
      return deleted ? done(`Removed ${deleted.email} from the beta list.`, ADMIN_PATHS.betaTesters) : failed(TESTER_MESSAGES.gone);
    }
    default:
      return refuse(TESTER_MESSAGES.unknownAction);
  }
}

export const betaTesterAction = adminAction(async ({ request, context, session, fields, params }) => {
  const id = parseId(params.id);
  if (!id) return refuse(TESTER_MESSAGES.gone, 404);
  const exists = await context.cloudflare.env.DB.prepare("SELECT 1 AS yes FROM waitlist WHERE id = ?1").bind(id).first();
  if (!exists) return redirectWithFlash(request, context, ADMIN_PATHS.betaTesters, { kind: "error", message: TESTER_MESSAGES.gone });
  return answerSaveFailure(
    { event: "admin_beta_tester_action_failed", intent: fields.intent },
    () => act(request, context, session.admin, id, fields),
    () => saveFailedRedirect(request, context, betaTesterPath(id)),
  );
});
