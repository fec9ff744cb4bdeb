import type { I18n } from "@lingui/core";
import type { MessageValues } from "./message-id";

/**
 * Text values (a name, an address) go through Lingui as private-use marks and are put in after it:
 * Lingui decodes `\uXXXX` sequences in its output, and what a person typed must show as typed (and
 * can never be read as a message's markup). Numbers go in as numbers, for plurals and number formats.
 */
const mark = (index: number) => `\uE000${index}\uE001`;
const MARKED = /\uE000(\d+)\uE001/g;

/** A message with its values, the marks still in (for `richText`), and how to put the texts back. */
export function formatMarked(i18n: I18n, id: string, values?: MessageValues): { text: string; unmark: (text: string) => string } {
  const texts: string[] = [];
  const marked = values
    ? Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? mark(texts.push(value) - 1) : value]))
    : undefined;
  return { text: i18n._(id, marked), unmark: (text) => text.replace(MARKED, (_, index: string) => texts[Number(index)] ?? "") };
}

/** A message with its values, as a visitor reads it. */
export function translate(i18n: I18n, id: string, values?: MessageValues): string {
  const { text, unmark } = formatMarked(i18n, id, values);
  return unmark(text);
}
