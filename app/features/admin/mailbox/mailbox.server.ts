/**
 * The development mailbox (/admin/mailbox): what the local mailbox provider delivered into D1
 * dev_mailbox (ADR 0031), newest first, and each message's HTML, plain text and links, so a newcomer
 * can click the confirmation link they just received. It exists only while emailSettings chooses the
 * local mailbox (development without EMAIL_API_KEY): otherwise every loader and action answers 404.
 */
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { devMailbox, emailOutbox } from "~/db/schema";
import { auditChangesStatement } from "~/features/admin/audit.server";
import { emailModeOf } from "~/features/admin/email/email.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminAction, answerSaveFailure, parseId, saveFailedRedirect } from "~/features/admin/guard.server";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { createDb } from "~/lib/db.server";
import { CLEAR_CONFIRM } from "./mailbox-rules";
import { inlineMessageHtml } from "./message-preview.server";

export const MAILBOX_PAGE_SIZE = 25;

export const MAILBOX_MESSAGES = {
  unavailable: "The development mailbox is only there in development, while no email provider is configured.",
  missing: "That message is not in the mailbox any more.",
  cleared: (n: number) => (n === 0 ? "The mailbox was already empty." : `Deleted ${n.toLocaleString("en")} ${n === 1 ? "message" : "messages"} from the mailbox.`),
  unknownIntent: "That action is not available on this page.",
} as const;

/** A 404 unless the mailbox is where email goes. Every loader and action checks the session first. */
function assertMailboxInUse(context: AppLoadContext): void {
  if (emailModeOf(context.env) !== "local-mailbox") throw json({ error: MAILBOX_MESSAGES.unavailable }, { status: 404 });
}

/** The kind of message, from the outbox row it was sent for (its provider id is the mailbox's message id). */
const kindOf = sql<string | null>`(SELECT ${emailOutbox.kind} FROM ${emailOutbox} WHERE ${emailOutbox.providerId} = ${devMailbox.messageId} LIMIT 1)`.as("kind");

export async function listMailbox(d1: D1Database, requestedPage: number) {
  const db = createDb(d1);
  const pageOf = (page: number) =>
    db
      .select({ id: devMailbox.id, recipient: devMailbox.recipient, subject: devMailbox.subject, createdAt: devMailbox.createdAt, kind: kindOf })
      .from(devMailbox)
      .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
      .limit(MAILBOX_PAGE_SIZE)
      .offset((page - 1) * MAILBOX_PAGE_SIZE);
  const [totals, firstTry] = await db.batch([db.select({ n: count() }).from(devMailbox), pageOf(requestedPage)]);
  const total = totals[0]?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MAILBOX_PAGE_SIZE));
  const page = Math.min(requestedPage, pageCount);
  return { rows: page === requestedPage ? firstTry : await pageOf(page), total, page, pageCount };
}

export async function findMailboxMessage(d1: D1Database, id: number) {
  const [row] = await createDb(d1)
    .select({
      id: devMailbox.id,
      recipient: devMailbox.recipient,
      sender: devMailbox.sender,
      subject: devMailbox.subject,
      html: devMailbox.html,
      text: devMailbox.text,
      headers: devMailbox.headers,
      createdAt: devMailbox.createdAt,
      kind: kindOf,
    })
    .from(devMailbox)
    .where(eq(devMailbox.id, id))
    .limit(1);
  return row ?? null;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);

export interface MessageLink {
  url: string;
  /** The link's words in the message (its text without markup), or the URL when it has none. */
  label: string;
}

/**
 * The http(s) links of a message's HTML, in order, each URL once (a button and its "open this address"
 * fallback are one link): shown as real anchors beside the preview, whose sandbox keeps its own links
 * from opening anything.
 */
export function messageLinks(html: string): MessageLink[] {
  const links = new Map<string, MessageLink>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    const url = decodeEntities(match[1]!).trim();
    if (!/^https?:\/\//i.test(url) || links.has(url)) continue;
    const words = decodeEntities(match[2]!.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();
    links.set(url, { url, label: words && words !== url ? words : url });
  }
  return [...links.values()];
}

const pageParam = z.coerce.number().int().min(1).max(1_000_000).catch(1);

export async function loadMailbox({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  assertMailboxInUse(context);
  const params = new URL(request.url).searchParams;
  const list = await listMailbox(context.cloudflare.env.DB, pageParam.parse(params.get("page") ?? undefined));
  return json({ ...list, confirmClear: params.get("confirm") === CLEAR_CONFIRM });
}

export async function loadMailboxMessage({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  assertMailboxInUse(context);
  const id = parseId(params.id);
  const message = id ? await findMailboxMessage(context.cloudflare.env.DB, id) : null;
  if (!message) throw json({ error: MAILBOX_MESSAGES.missing }, { status: 404 });
  const { html, ...rest } = message;
  return json({ ...rest, inlineHtml: await inlineMessageHtml(html), links: messageLinks(html) });
}

/** Empties the mailbox (from its confirmation panel), with an audit row. */
export const mailboxAction = adminAction(async ({ request, context, session, fields }) => {
  assertMailboxInUse(context);
  const back = ADMIN_PATHS.mailbox;
  if (fields.intent !== "delete-all") return json(formRefusal(MAILBOX_MESSAGES.unknownIntent), { status: 400 });
  const d1 = context.cloudflare.env.DB;
  const save = async () => {
    const [deleted] = await d1.batch([
      d1.prepare("DELETE FROM dev_mailbox"),
      auditChangesStatement(d1, session.admin, "emptied the development mailbox", "dev_mailbox"),
    ]);
    return redirectWithFlash(request, context, back, { kind: "success", message: MAILBOX_MESSAGES.cleared(deleted?.meta.changes ?? 0) });
  };
  return answerSaveFailure({ event: "admin_mailbox_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, back));
});
