/** The command line of `npm run bench` (scripts/bench/cli.mjs): which sections run. */
import { describe, expect, it } from "vitest";
import { parseSections, SECTIONS, SERVER_SECTIONS } from "../../scripts/bench/cli.mjs";

describe("parseSections", () => {
  it("runs every section by default, --save included; --only names some, repeated or comma-separated", () => {
    expect([...parseSections([])]).toEqual(SECTIONS);
    expect([...parseSections(["--save"])]).toEqual(SECTIONS);
    expect([...parseSections(["--only=statements, js", "--only=email", "--save"])]).toEqual(["statements", "js", "email"]);
  });

  it("refuses an unknown section (the local pipeline comparison is gone), an empty list and any other argument", () => {
    expect(() => parseSections(["--only=pipeline"])).toThrow("unknown section: pipeline");
    expect(() => parseSections(["--only="])).toThrow("unknown section: (empty)");
    expect(() => parseSections(["--fast"])).toThrow("unknown argument: --fast");
  });

  it("serves the site once for the sections that measure it, all of them sections", () => {
    expect(SERVER_SECTIONS.every((section) => SECTIONS.includes(section))).toBe(true);
  });
});
