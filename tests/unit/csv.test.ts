import { describe, expect, it } from "vitest";
import { CSV_BOM, csvField, csvRow } from "~/features/admin/beta-testers/csv";

describe("csvField: RFC 4180 quoting", () => {
  it("leaves plain text alone and writes nothing for null and undefined", () => {
    expect(csvField("ada@example.test")).toBe("ada@example.test");
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField("it's")).toBe("it's");
    expect(csvField(42)).toBe("42");
    expect(csvField("")).toBe("");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("quotes a field with a comma", () => {
    expect(csvField("Lovelace, Ada")).toBe('"Lovelace, Ada"');
  });

  it("quotes a field with a quote and doubles every quote inside", () => {
    expect(csvField('Ada "Countess" Lovelace')).toBe('"Ada ""Countess"" Lovelace"');
    expect(csvField('"')).toBe('""""');
  });

  it("quotes fields with line breaks and keeps them inside the field", () => {
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("line one\r\nline two")).toBe('"line one\r\nline two"');
    expect(csvField('a,"b"\nc')).toBe('"a,""b""\nc"');
  });
});

describe("csvField: spreadsheet formula injection (OWASP)", () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", `"'\r=1"`],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ])("neutralises %j as %j", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it("only looks at the first character", () => {
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("ada+beta@example.test")).toBe("ada+beta@example.test");
    expect(csvField("x-1")).toBe("x-1");
    expect(csvField(" =1")).toBe(" =1");
  });
});

describe("csvRow", () => {
  it("joins fields with commas and ends every record with CRLF", () => {
    expect(csvRow(["a", "b,c", null, "=1"])).toBe("a,\"b,c\",,'=1\r\n");
    expect(csvRow(["zoë@example.test", "Zoë"])).toBe("zoë@example.test,Zoë\r\n");
  });

  it("has a UTF-8 byte order mark for files to start with", () => {
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });
});
