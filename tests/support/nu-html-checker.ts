/**
 * The Nu Html Checker (vnu.jar, the W3C validator's engine) on a set of pages, in one JVM start, for
 * the stack tests (Node: it runs java). Each page is named by a label, which every message carries.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

export interface NuHtmlReport {
  /** Errors (what fails a page), one line each: "label line N: message «extract»". */
  errors: string[];
  /** Warnings, allowed, in the same form. */
  warnings: string[];
}

/** Checks every page (label → HTML) and answers what the checker found. */
export function checkHtml(pages: Map<string, string>): NuHtmlReport {
  const dir = mkdtempSync(join(tmpdir(), "nu-check-"));
  try {
    const labelOf = new Map<string, string>();
    const files = [...pages].map(([label, html], index) => {
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, html);
      labelOf.set(pathToFileURL(file).href, label);
      return file;
    });
    const result = spawnSync("java", ["-jar", VNU_JAR, "--format", "json", "--stdout", ...files], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (result.error) {
      throw new Error(`The Nu Html Checker needs a Java runtime on PATH (Debian: apt-get install default-jre-headless): ${result.error.message}`);
    }
    const { messages } = JSON.parse(result.stdout) as { messages: VnuMessage[] };
    const describe = (m: VnuMessage) => `${labelOf.get(m.url?.replace(/^file:\//, "file:///") ?? "") ?? m.url} line ${m.lastLine}: ${m.message}${m.extract ? ` «${m.extract.trim()}»` : ""}`;
    return {
      errors: messages.filter((m) => m.type !== "info").map(describe),
      warnings: messages.filter((m) => m.type === "info" && m.subType === "warning").map(describe),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
