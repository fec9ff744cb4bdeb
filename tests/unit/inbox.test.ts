import { describe, expect, it } from "vitest";
import { inboxKey } from "~/lib/inbox";

describe("inboxKey: one key per inbox, whatever the spelling", () => {
  it("folds case, Gmail dots, googlemail.com and plus tags into one Gmail inbox", () => {
    const spellings = ["Victim@Gmail.com", "v.i.c.t.i.m@gmail.com", "victim+1@gmail.com", "vic.tim+news@googlemail.com", " VICTIM@GMAIL.COM. "];
    expect(new Set(spellings.map(inboxKey))).toEqual(new Set(["victim@gmail.com"]));
  });

  it("drops plus tags only for providers known to deliver them to the main box", () => {
    expect(inboxKey("ann+shop@outlook.com")).toBe("ann@outlook.com");
    expect(inboxKey("ann+shop@icloud.com")).toBe("ann@icloud.com");
    expect(inboxKey("ann+shop@fastmail.com")).toBe("ann@fastmail.com");
    // Elsewhere a plus or a dot may name another box: kept.
    expect(inboxKey("ann+shop@example.com")).toBe("ann+shop@example.com");
    expect(inboxKey("a.nn@example.com")).toBe("a.nn@example.com");
    expect(inboxKey("a.nn@outlook.com")).toBe("a.nn@outlook.com");
  });

  it("keeps a local part that is only a tag, and leaves a string without @ as it is (lower-cased)", () => {
    expect(inboxKey("+@gmail.com")).toBe("+@gmail.com");
    expect(inboxKey("Not An Address")).toBe("not an address");
  });
});
