/**
 * /waitlist/unsubscribe?token=…: the unsubscribe link of every message. GET shows the Unsubscribe
 * button (and a way to the preferences instead); POST unsubscribes, whether it comes from that button
 * or as an RFC 8058 one-click POST from a mail provider (no cookies, no Origin: the request pipeline's
 * cross-origin check refuses only requests a browser marks as coming from another site).
 *
 * Leaving must always work: an expired unsubscribe link still unsubscribes (its signature proves which
 * entry it names), and a genuine link to an entry that is gone answers "unsubscribed", so repeating a
 * one-click POST is harmless. No answer carries a status link (ADR 0045): an unsubscribe link lives a
 * year, travels in every message's headers, and is never revoked, so it must open nothing else.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Lang } from "~/lib/i18n/languages";
import { readFormFields } from "~/lib/public-form.server";
import { entryPageAnswer, openEntry, tokenOf } from "./entry-access.server";
import type { UnsubscribeView } from "./entry-views";
import { unsubscribeEntry } from "./unsubscribe.server";

const answer = (view: UnsubscribeView, status = 200, lang?: Lang) => entryPageAnswer(view, status, lang);

export async function loadUnsubscribePage(request: Request, context: AppLoadContext, lang: Lang) {
  const token = tokenOf(request);
  const opened = await openEntry(context, "unsubscribe", token);
  if (opened.access === "invalid" || token === null) return answer({ state: "invalid" }, 400, lang);
  if (opened.access === "gone" || opened.entry.status === "unsubscribed") return answer({ state: "unsubscribed" }, 200, lang);
  return answer({ state: "ready", token, pending: opened.entry.status === "pending" }, 200, lang);
}

export async function handleUnsubscribeAction(request: Request, context: AppLoadContext) {
  const fields = await readFormFields(request);
  const opened = await openEntry(context, "unsubscribe", tokenOf(request, fields));
  if (opened.access === "invalid") return answer({ state: "invalid" }, 400);
  if (opened.access !== "gone") await unsubscribeEntry(context, opened.entry);
  return answer({ state: "unsubscribed" });
}
