// Front matter of the Markdown content: YAML (the `yaml` package, core schema, so a date stays a
// string) between `---` lines at the top, checked with one zod schema per kind of document.
// Every error names the file, and the line (YAML syntax) or the field (schema).
import { parseDocument } from "yaml";
import { z } from "zod";

const FRONT_MATTER = /^---\n([\s\S]*?)\n---(?:\n|$)/;

/**
 * Splits `---` front matter from the body. Returns { data, body }. The front matter is required
 * and must be a mapping; keys may appear once.
 */
export function parseFrontMatter(source, file = "<input>") {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${file}: missing front matter (a block between --- lines at the top)`);
  const yamlText = match[1];
  const document = parseDocument(yamlText, { schema: "core", uniqueKeys: true, prettyErrors: false });
  const [error] = document.errors;
  if (error) {
    // +1: the opening --- is the file's first line.
    const line = lineAt(yamlText, error.pos[0]);
    const source = yamlText.split("\n")[line - 1]?.trim() ?? "";
    const where = `${file}:${line + 1}`;
    if (error.code === "DUPLICATE_KEY") throw new Error(`${where}: duplicate key "${/^([^:]+):/.exec(source)?.[1] ?? source}"`);
    throw new Error(`${where}: invalid YAML: ${error.message.split(" at line")[0]}${source ? ` ("${source}")` : ""}`);
  }
  const data = document.toJS() ?? {};
  if (typeof data !== "object" || Array.isArray(data)) throw new Error(`${file}:2: expected "key: value" lines, got ${Array.isArray(data) ? "a list" : "a single value"}`);
  return { data, body: text.slice(match[0].length) };
}

const lineAt = (text, offset) => text.slice(0, offset).split("\n").length;

// ---------------------------------------------------------------------------------------------
// Schemas

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const REQUIRED_TEXT = "required (a non-empty string)";
const text = z.string({ error: REQUIRED_TEXT }).refine((value) => value.trim() !== "", REQUIRED_TEXT);
const isRealDate = (value) => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};
const date = z.string({ error: "required (a date as YYYY-MM-DD)" }).regex(DATE, "a date as YYYY-MM-DD").refine(isRealDate, "not a real date");

const documentFields = {
  title: text,
  description: text,
  datePublished: date,
  /** Only when the document changed after publication. */
  dateModified: date.optional(),
};

const modifiedAfterPublished = (data, context) => {
  if (data.dateModified && data.dateModified < data.datePublished) {
    context.addIssue({ code: "custom", path: ["dateModified"], message: "is before datePublished" });
  }
};

export const TUTORIAL_LEVELS = ["Beginner", "Intermediate", "Advanced"];

/** A blog post (app/content/blog/*.md). Without `author`, the post is by the team. */
export const blogPostFrontMatter = z
  .strictObject({
    ...documentFields,
    author: z
      .strictObject({ name: text, url: z.string().regex(/^https:\/\//, "an https:// URL").optional() }, { error: "a nested block with name (and url)" })
      .optional(),
    image: z.string().regex(/^(?:https:\/\/|\/)/, "an https:// URL or a path starting with /").optional(),
  })
  .superRefine(modifiedAfterPublished);

/** A tutorial (app/content/tutorials/*.md); `order` is its place in the spec's list. */
export const tutorialFrontMatter = z
  .strictObject({
    ...documentFields,
    order: z.int("a positive integer").positive("a positive integer"),
    level: z.enum(TUTORIAL_LEVELS, `one of ${TUTORIAL_LEVELS.join(", ")}`),
    duration: text,
  })
  .superRefine(modifiedAfterPublished);

/** data checked against schema; throws one line per problem, each naming the file and the field. */
export function validateFrontMatter(schema, data, file) {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const prefix = issue.path.length ? `${issue.path.join(".")}.` : "";
    if (issue.code === "unrecognized_keys") return `${file}: unknown front matter key ${issue.keys.map((key) => `"${prefix}${key}"`).join(", ")}`;
    return `${file}: front matter "${issue.path.join(".")}": ${issue.message}`;
  });
  throw new Error(problems.join("\n"));
}
