/**
 * JSON to place inside an HTML <script> element: the characters HTML could read (<, >, &) and the line
 * separators old parsers end a script line on are written as \u escapes, which JSON.parse reads back.
 * So text an admin or a visitor typed can never close the element or open a comment.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Reads back, in the browser, a JSON block the server wrote with jsonForHtml; null if it is absent. */
export function readJsonBlock<T>(id: string): T | null {
  return JSON.parse(document.getElementById(id)?.textContent ?? "null") as T | null;
}
