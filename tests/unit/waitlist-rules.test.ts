import { describe, expect, it } from "vitest";
import { attributionFrom } from "~/lib/attribution";
import { splitName } from "~/features/waitlist/waitlist-rules";
import { isHoneypotFilled } from "~/lib/bot-trap";
import { emailProblem, nameProblem, normaliseEmail } from "~/lib/field-rules";
import { WAITLIST_FORM_MESSAGES, waitlistFormMessage } from "~/lib/messages";

describe("email rule (spec section 5)", () => {
  it.each(["a@b.co", "first.last+tag@sub.example.org", "  padded@example.com  "])("accepts %j", (email) => {
    expect(emailProblem(email)).toBeNull();
  });
  it.each(["", "plain", "no@dot", "two words@example.com", "a@b .co", "@example.com", "a@.", `${"a".repeat(245)}@example.com`,
    // Display-name, comment and group forms: the recipient would not be what the form shows.
    "x<victim@example.com>", "y<victim@mailinator.com>", "Ann <ann@example.com>", "ann@example.com (work)", '"ann"@example.com', "a@b.co,c@d.co", "a@b.co;c@d.co", "team:a@b.co;"])(
    "rejects %j with 'Please enter a valid email address'",
    (email) => {
      expect(emailProblem(email)).toBe("Please enter a valid email address");
    },
  );
  it("normalises by trimming and lower-casing", () => {
    expect(normaliseEmail("  Mixed.Case@Example.COM ")).toBe("mixed.case@example.com");
  });
});

describe("name rule: a name, not a link or invisible text", () => {
  it.each(["Ada", "Ada King-Lovelace", "J. R. R. Tolkien", "St.John Rivers", "Zoë O'Brien", "李小龙", "محمد", "Dr. No", "👩‍💻 Ada"])("accepts %j", (name) => {
    expect(nameProblem(name)).toBeNull();
  });
  it.each(["https://evil.example/verify-your-account", "evil.example", "visit EVIL.COM now", "www.evil", "ann@example.com", "a/b", "hxxp://x"])(
    "refuses the link %j",
    (name) => {
      expect(nameProblem(name)).toBe("Please enter just your name, without links or web addresses");
    },
  );
  it.each(["\u2800", "Ada\u202Eevil", "Ada\u200B", "Ada\u0000", "\u3164", "Ada\u2066x\u2069", "Ada\nLovelace", "Ada\u200DLovelace"])("refuses invisible or control characters in %j", (name) => {
    expect(nameProblem(name)).toBe("Please remove the invisible or control characters from your name");
  });
});

describe("name splitting", () => {
  it.each([
    ["Ada", { firstName: "Ada", lastName: null }],
    ["Ada Lovelace", { firstName: "Ada", lastName: "Lovelace" }],
    ["  Ada   King  Lovelace ", { firstName: "Ada", lastName: "King Lovelace" }],
    ["", { firstName: null, lastName: null }],
    [undefined, { firstName: null, lastName: null }],
  ])("%j", (name, expected) => {
    expect(splitName(name)).toEqual(expected);
  });
});

describe("honeypot", () => {
  it("is triggered by either trap field", () => {
    expect(isHoneypotFilled({ honeypot: "x" })).toBe(true);
    expect(isHoneypotFilled({ website: "http://x" })).toBe(true);
    expect(isHoneypotFilled({ honeypot: "", website: "  " })).toBe(false);
  });
});

describe("waitlist error catalogue (spec section 8)", () => {
  it.each([
    ["This email is already on our waitlist!", WAITLIST_FORM_MESSAGES.duplicate],
    ["Please enter a valid email address", "Please enter a valid email address"],
    ["TypeError: Failed to fetch", "Network error. Please check your connection and try again."],
    ["network down", WAITLIST_FORM_MESSAGES.network],
    ["server error: the waitlist could not be saved", "Server error. Our team has been notified. Please try again later."],
    ["HTTP 500", WAITLIST_FORM_MESSAGES.server],
    ["configuration: DB binding missing", "Server configuration issue. Please contact support."],
    ["something odd", "Something went wrong. Please try again later."],
  ])("%j -> %j", (raw, shown) => {
    expect(waitlistFormMessage(raw)).toBe(shown);
  });
  it("checks the rows in the spec's order", () => {
    // 'already on our waitlist' wins over 'server' when both appear.
    expect(waitlistFormMessage("server says: already on our waitlist")).toBe(WAITLIST_FORM_MESSAGES.duplicate);
  });
});

describe("attribution", () => {
  it("keeps an external referrer's origin, never its path or query (ADR 0034), and the UTM tags of the landing URL", () => {
    expect(attributionFrom("https://site.test/home?utm_source=x&utm_medium=email", "https://news.example/a/private?who=me#top")).toEqual({
      referrer: "https://news.example",
      utm_source: "x",
      utm_medium: "email",
      utm_campaign: "none",
    });
  });
  it("treats same-site, missing and garbage referrers as 'direct'", () => {
    for (const referrer of ["https://site.test/blog", null, "not a url"]) {
      expect(attributionFrom("https://site.test/home", referrer).referrer).toBe("direct");
    }
  });
});
