/** Referral codes (issue 16): public by design, they name the referrer in /waitlist?ref=…. */

/** 10 characters of [a-z2-9] without 0/1/l/o (easy to read aloud), about 50 bits. */
const CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
export const REFERRAL_CODE_PATTERN = /^[a-z2-9]{10}$/;

export function newReferralCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
}

/**
 * The referral code of the link a visitor came through, or null. Only /waitlist reads it: that page is
 * never stored by the edge cache, so one visitor's code cannot be served to another.
 */
export function referralCodeFrom(request: Request): string | null {
  const code = new URL(request.url).searchParams.get("ref");
  return code && REFERRAL_CODE_PATTERN.test(code) ? code : null;
}
