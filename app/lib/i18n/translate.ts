import type { I18n } from "@lingui/core";
import type { MessageValues } from "./message-id";

/**
 * Text values (a name, an address) go through Lingui as private-use marks and are put in after it:
 * Lingui decodes `\uXXXX` sequences in its output, and what a person typed must show as typed (and
 * can never be read as a message's markup). Numbers go in as numbers, for plurals and number formats.
 */
const mark = (index: number) => `\uE000${index}\uE001`;
const MARKED = /\uE000(\d+)\uE001/g;

/**
 * The arguments a compiled message formats or chooses by (`{kind, select, …}`, `{n, plural, …}`,
 * `{d, date}`): their values must reach Lingui as they are. Compiled tokens are `["name"]` for a plain
 * argument and `["name", "select", {…}]` and the like for the rest.
 */
function formattedArguments(compiled: unknown, found = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return found;
  const [name, format, cases] = compiled as unknown[];
  if (typeof name === "string" && typeof format === "string" && compiled.length >= 2 && compiled.length <= 3 && (cases === undefined || typeof cases === "object")) {
    found.add(name);
    for (const branch of Object.values((cases as Record<string, unknown> | undefined) ?? {})) formattedArguments(branch, found);
    return found;
  }
  for (const part of compiled) formattedArguments(part, found);
  return found;
}

/** A message with its values, the marks still in (for `richText`), and how to put the texts back. */
export function formatMarked(i18n: I18n, id: string, values?: MessageValues): { text: string; unmark: (text: string) => string } {
  const texts: string[] = [];
  const formatted = values ? formattedArguments(i18n.messages[id]) : new Set<string>();
  const marked = values
    ? Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, typeof value === "string" && !formatted.has(name) ? mark(texts.push(value) - 1) : value]),
      )
    : undefined;
  return { text: i18n._(id, marked), unmark: (text) => text.replace(MARKED, (_, index: string) => texts[Number(index)] ?? "") };
}

/** A message with its values, as a visitor reads it. */
export function translate(i18n: I18n, id: string, values?: MessageValues): string {
  const { text, unmark } = formatMarked(i18n, id, values);
  return unmark(text);
}
