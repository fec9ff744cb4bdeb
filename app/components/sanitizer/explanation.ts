import type { MessageId } from "~/lib/i18n/message-id";
import type { Translate } from "~/lib/i18n/react";

/**
 * The cleaner's rules (app/lib/link-sanitizer.ts) explain each parameter in English; a page shows the
 * explanation in its language from `sanitizer.reasons.*` / `sanitizer.where.*`, whose key is the
 * English text in camelCase ("Facebook click identifier" → facebookClickIdentifier).
 * tests/unit/sanitizer-explanations.test.ts holds every rule's text to the catalogue.
 */
export function explanationId(kind: "reasons" | "where", english: string): MessageId {
  const words = english.match(/[A-Za-z0-9]+/g) ?? [];
  const key = words.map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1))).join("");
  return `sanitizer.${kind}.${key}` as MessageId;
}

export function explanation(t: Translate, kind: "reasons" | "where", english: string): string {
  return t(explanationId(kind, english));
}
