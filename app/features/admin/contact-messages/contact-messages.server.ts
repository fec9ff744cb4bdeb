/**
 * The contact inbox for the admin: messages newest first, all or only unread, and the three
 * changes an admin makes to one (mark read, mark unread, delete), each audited in the same batch.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { contactSubmissions } from "~/db/schema";
import { auditStatement } from "~/features/admin/audit.server";
import { redirectWithFlash, type Flash } from "~/features/admin/flash.server";
import { adminAction, answerSaveFailure, parseId, saveFailedRedirect } from "~/features/admin/guard.server";
import { loadListPage, withQuery } from "~/features/admin/list-page.server";
import type { SignedInAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { createDb } from "~/lib/db.server";

export const CONTACT_PAGE_SIZE = 25;
export const CONTACT_VIEWS = ["all", "unread"] as const;
export type ContactView = (typeof CONTACT_VIEWS)[number];

const filterSchema = z.object({
  show: z.enum(CONTACT_VIEWS).catch("all"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export type ContactFilters = z.infer<typeof filterSchema>;

/** The view and page in a URL; anything invalid falls back to the first page of all messages. */
export function parseContactFilters(params: URLSearchParams): ContactFilters {
  return filterSchema.parse({ show: params.get("show") ?? undefined, page: params.get("page") ?? undefined });
}

/** The URL parameters for these filters (defaults left out), optionally changed. */
export function contactFilterParams(filters: ContactFilters, changes: Partial<ContactFilters> = {}): URLSearchParams {
  const f = { ...filters, ...changes };
  const params = new URLSearchParams();
  if (f.show !== "all") params.set("show", f.show);
  if (f.page > 1) params.set("page", String(f.page));
  return params;
}

const columns = {
  id: contactSubmissions.id,
  name: contactSubmissions.name,
  email: contactSubmissions.email,
  subject: contactSubmissions.subject,
  message: contactSubmissions.message,
  isRead: contactSubmissions.isRead,
  createdAt: contactSubmissions.createdAt,
};

export async function listContactMessages(d1: D1Database, filters: ContactFilters) {
  const db = createDb(d1);
  const where = filters.show === "unread" ? eq(contactSubmissions.isRead, false) : undefined;
  const pageOf = (page: number) =>
    db
      .select(columns)
      .from(contactSubmissions)
      .where(where)
      .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
      .limit(CONTACT_PAGE_SIZE)
      .offset((page - 1) * CONTACT_PAGE_SIZE);
  const [counts, firstTry] = await db.batch([
    db
      .select({ all: count(), unread: sql<number>`coalesce(sum(case when ${contactSubmissions.isRead} = 0 then 1 else 0 end), 0)` })
      .from(contactSubmissions),
    pageOf(filters.page),
  ]);
  const all = counts[0]?.all ?? 0;
  const unread = Number(counts[0]?.unread ?? 0);
  const total = filters.show === "unread" ? unread : all;
  const pageCount = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
  // Past the end (the last unread message on the last page was just marked read): the last page.
  const page = Math.min(filters.page, pageCount);
  const rows = page === filters.page ? firstTry : await pageOf(page);
  return { rows, total, page, pageCount, counts: { all, unread } };
}

export async function findContactMessage(d1: D1Database, id: number) {
  const [row] = await createDb(d1)
    .select({ id: contactSubmissions.id, name: contactSubmissions.name, email: contactSubmissions.email, subject: contactSubmissions.subject })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .limit(1);
  return row ?? null;
}

/** Marks one message read or unread; false when it no longer exists. */
export async function setContactMessageRead(d1: D1Database, admin: SignedInAdmin, id: number, isRead: boolean): Promise<boolean> {
  if (!(await findContactMessage(d1, id))) return false;
  const db = createDb(d1);
  await db.batch([
    db.update(contactSubmissions).set({ isRead }).where(eq(contactSubmissions.id, id)),
    auditStatement(d1, admin, isRead ? "marked message read" : "marked message unread", `message #${id}`),
  ]);
  return true;
}

/** Deletes one message; false when it no longer exists. */
export async function deleteContactMessage(d1: D1Database, admin: SignedInAdmin, id: number): Promise<boolean> {
  const message = await findContactMessage(d1, id);
  if (!message) return false;
  const db = createDb(d1);
  await db.batch([
    db.delete(contactSubmissions).where(eq(contactSubmissions.id, id)),
    auditStatement(d1, admin, "deleted message", `message #${id}`, { from: message.email, subject: message.subject }),
  ]);
  return true;
}

const CONTACT_MESSAGES_PATH = ADMIN_PATHS.contactMessages;
const here = (params: URLSearchParams) => withQuery(CONTACT_MESSAGES_PATH, params);

export async function loadContactMessages({ request, context }: LoaderFunctionArgs) {
  const { list, filters, confirm } = await loadListPage(request, context, { parseFilters: parseContactFilters, rows: listContactMessages, find: findContactMessage });
  return json({
    ...list,
    show: filters.show,
    confirm,
    hereQuery: contactFilterParams(filters).toString(),
    hereHref: here(contactFilterParams(filters)),
    viewHrefs: { all: here(contactFilterParams(filters, { show: "all", page: 1 })), unread: here(contactFilterParams(filters, { show: "unread", page: 1 })) },
  });
}

/** Mark read, mark unread, delete (from the confirmation panel); then back to the same view and page. */
export const contactMessagesAction = adminAction(async ({ request, context, session, fields }) => {
  const d1 = context.cloudflare.env.DB;
  const back = here(contactFilterParams(parseContactFilters(new URL(request.url).searchParams)));
  const answer = (flash: Flash) => redirectWithFlash(request, context, back, flash);
  const gone: Flash = { kind: "error", message: "That message no longer exists." };

  const id = parseId(fields.id);
  const save = async () => {
    switch (fields.intent) {
      case "mark-read":
      case "mark-unread": {
        const isRead = fields.intent === "mark-read";
        if (!id || !(await setContactMessageRead(d1, session.admin, id, isRead))) return answer(gone);
        return answer({ kind: "success", message: isRead ? "Marked as read." : "Marked as unread." });
      }
      case "delete":
        if (!id || !(await deleteContactMessage(d1, session.admin, id))) return answer(gone);
        return answer({ kind: "success", message: "Message deleted." });
      default:
        return answer({ kind: "error", message: "That action is not available on this page." });
    }
  };
  return answerSaveFailure({ event: "admin_contact_action_failed", intent: fields.intent }, save, () => saveFailedRedirect(request, context, back));
});
