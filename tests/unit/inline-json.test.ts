import { describe, expect, it } from "vitest";
import { jsonForHtml } from "~/lib/inline-json";

describe("JSON inside a <script> element", () => {
  const hostile = { label: "' AND (SELECT 1) > 0-- </script><!-- & \u2028\u2029" };

  it("carries no character HTML could read as markup, and no line separator", () => {
    expect(jsonForHtml(hostile)).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it("reads back as exactly what was written", () => {
    expect(JSON.parse(jsonForHtml(hostile))).toEqual(hostile);
  });
});
