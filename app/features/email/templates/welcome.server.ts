/**
 * "You're on the list": sent once an address is confirmed, with the status page and referral link. A
 * notify-me request's welcome speaks of its platforms, with no place or referral link (ADR 0048).
 */
import { z } from "zod";
import { platformsWanted } from "../segments";
import type { Block, EmailContent, EmailKind, RenderContext } from "./types.server";
import { platformValues } from "./words.server";

export const welcomePayload = z.object({
  /** The place in line when the entry was confirmed, and how many were in line (optional). */
  place: z.number().int().positive().optional(),
  total: z.number().int().positive().optional(),
});

export const welcomeKind: EmailKind<z.infer<typeof welcomePayload>> = {
  name: "welcome",
  payload: welcomePayload,
  wanted: (entry) => entry.status === "confirmed",
  ignoresSuppression: () => false,
  async content(context) {
    const { entry, payload, links, lang, t } = context;
    if (entry.intent !== "beta_testing") return notifyWelcome(context);
    const referral = links.referral();
    const blocks: Block[] = [{ type: "paragraph", text: t("email.welcome.confirmed") }];
    if (payload.place) {
      blocks.push({ type: "highlight", text: payload.total ? t("email.welcome.placeOfTotal", { place: payload.place, total: payload.total }) : t("email.welcome.place", { place: payload.place }) });
    }
    blocks.push(
      { type: "paragraph", text: t("email.welcome.statusIntro") },
      { type: "button", label: t("email.welcome.statusButton"), url: await links.status() },
    );
    if (referral) blocks.push({ type: "link", label: t("email.welcome.referral"), url: referral });
    const platforms = platformsWanted(entry.preferences);
    if (platforms.length > 0) blocks.push({ type: "paragraph", text: t("email.welcome.alsoPlatforms", platformValues(lang, t, platforms)) });
    blocks.push({ type: "note", text: t("email.welcome.keepPrivate") });
    return {
      subject: t("email.welcome.subject"),
      preheader: t("email.welcome.preheader"),
      heading: entry.firstName ? t("email.welcome.headingNamed", { name: entry.firstName }) : t("email.welcome.heading"),
      blocks,
      reason: t("email.welcome.reason"),
    };
  },
};

/** The welcome of a notify-me request: what it will hear about, and its status page. */
async function notifyWelcome({ entry, links, lang, t }: RenderContext<z.infer<typeof welcomePayload>>): Promise<EmailContent> {
  const platforms = platformsWanted(entry.preferences);
  const values = platformValues(lang, t, platforms);
  const some = platforms.length > 0;
  return {
    subject: some ? t("email.notifyWelcome.subjectPlatforms", values) : t("email.notifyWelcome.subjectNews"),
    preheader: t("email.notifyWelcome.preheader"),
    heading: entry.firstName ? t("email.notifyWelcome.headingNamed", { name: entry.firstName }) : t("email.notifyWelcome.heading"),
    blocks: [
      { type: "paragraph", text: some ? t("email.notifyWelcome.confirmedPlatforms", values) : t("email.notifyWelcome.confirmedNews") },
      { type: "paragraph", text: t("email.notifyWelcome.statusIntro") },
      { type: "button", label: t("email.notifyWelcome.statusButton"), url: await links.status() },
      { type: "note", text: t("email.welcome.keepPrivate") },
    ],
    reason: t("email.notifyWelcome.reason"),
  };
}
