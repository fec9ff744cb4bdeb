import type { MessageId } from "~/lib/i18n/message-id";
import type { Translate } from "~/lib/i18n/react";

export function readingTimeLabel(t: Translate, minutes: number): string {
  return t("articles.readingTime", { minutes });
}

/** A tutorial's level ("Beginner") in the page's language. */
export function tutorialLevelLabel(t: Translate, level: "Beginner" | "Intermediate" | "Advanced"): string {
  return t(`tutorials.level.${level.toLowerCase()}` as MessageId);
}

/** A tutorial's duration ("5 minutes", as its Markdown states it) in the page's language. */
export function tutorialDurationLabel(t: Translate, duration: string): string {
  const minutes = /^(\d+) minutes?$/.exec(duration)?.[1];
  return minutes === undefined ? duration : t("tutorials.duration", { minutes: Number(minutes) });
}
