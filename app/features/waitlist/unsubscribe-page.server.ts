/**
 * /waitlist/unsubscribe?token=…: the unsubscribe link of every message. GET shows the Unsubscribe
 * button (and a way to the preferences instead); POST unsubscribes, whether it comes from that button
 * or as an RFC 8058 one-click POST from a mail provider (no cookies, no Origin: the request pipeline's
 * cross-origin check refuses only requests a browser marks as coming from another site).
 *
 * Leaving must always work: an expired unsubscribe link still unsubscribes (its signature proves which
 * entry it names; it opens nothing else, not even the link to the preferences), and a genuine link to
 * an entry that is gone answers "unsubscribed", so repeating a one-click POST is harmless.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { readFormFields } from "~/lib/public-form.server";
import { entryPagePath, openEntry, PRIVATE_PAGE_HEADERS, tokenOf, type EntryAccess } from "./entry-access.server";
import type { UnsubscribeView } from "./entry-views";
import { unsubscribeEntry } from "./unsubscribe.server";

const answer = (view: UnsubscribeView, status = 200) => json({ view }, { status, headers: PRIVATE_PAGE_HEADERS });

/**
 * The way to the status page (preferences, rejoining, deleting): only from a valid link, and not for a
 * pending entry (it has nothing to show there yet, and leaving deletes it).
 */
async function statusPathOf(opened: EntryAccess): Promise<string | null> {
  if (opened.access !== "valid" || opened.entry.status === "pending") return null;
  return entryPagePath(opened.keys, "status", opened.entry.id);
}

export async function loadUnsubscribePage(request: Request, context: AppLoadContext) {
  const token = tokenOf(request);
  const opened = await openEntry(context, "unsubscribe", token);
  if (opened.access === "invalid" || token === null) return answer({ state: "invalid" }, 400);
  if (opened.access === "gone" || opened.entry.status === "unsubscribed") return answer({ state: "unsubscribed", statusPath: await statusPathOf(opened) });
  return answer({ state: "ready", token, statusPath: await statusPathOf(opened) });
}

export async function handleUnsubscribeAction(request: Request, context: AppLoadContext) {
  const fields = await readFormFields(request);
  const opened = await openEntry(context, "unsubscribe", tokenOf(request, fields));
  if (opened.access === "invalid") return answer({ state: "invalid" }, 400);
  if (opened.access !== "gone") await unsubscribeEntry(context, opened.entry);
  return answer({ state: "unsubscribed", statusPath: await statusPathOf(opened) });
}
