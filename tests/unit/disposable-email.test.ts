import { describe, expect, it } from "vitest";
import { disposableAddressProblem, isDisposableDomain } from "~/lib/disposable-email.server";
import { DISPOSABLE_ADDRESS_MESSAGE, waitlistFormMessage, WAITLIST_FORM_MESSAGES } from "~/lib/messages";

describe("disposable-address domains (ADR 0033)", () => {
  it("refuses an address at a listed domain, whatever its case and surrounding space", () => {
    expect(disposableAddressProblem("someone@mailinator.com")).toBe(DISPOSABLE_ADDRESS_MESSAGE);
    expect(disposableAddressProblem("  Someone@MAILINATOR.com ")).toBe(DISPOSABLE_ADDRESS_MESSAGE);
    expect(disposableAddressProblem("someone@mailinator.com.")).toBe(DISPOSABLE_ADDRESS_MESSAGE);
  });

  it("refuses subdomains of listed domains", () => {
    expect(isDisposableDomain("mail.mailinator.com")).toBe(true);
    expect(isDisposableDomain("a.b.c.guerrillamail.com")).toBe(true);
    expect(disposableAddressProblem("x@inbox.yopmail.com")).toBe(DISPOSABLE_ADDRESS_MESSAGE);
  });

  it("accepts ordinary providers and look-alikes that only end with a listed name", () => {
    for (const email of ["ada@gmail.com", "ada@example.com", "ada@proton.me", "ada@icloud.com", "ada@xmailinator.com", "ada@mailinator.com.example.org"]) {
      expect(disposableAddressProblem(email), email).toBeNull();
    }
  });

  it("never calls a bare top-level domain disposable (only suffixes of two labels or more are looked up)", () => {
    expect(isDisposableDomain("com")).toBe(false);
    expect(isDisposableDomain("")).toBe(false);
    expect(disposableAddressProblem("no-at-sign")).toBeNull();
  });

  it("words its message so the spec's keyword mapping (section 8) keeps it as it is", () => {
    // waitlistFormMessage falls back to the generic text for anything without a keyword: the refusal
    // must not contain one, or a mapping would turn it into another message.
    expect(waitlistFormMessage(DISPOSABLE_ADDRESS_MESSAGE)).toBe(WAITLIST_FORM_MESSAGES.fallback);
  });
});
