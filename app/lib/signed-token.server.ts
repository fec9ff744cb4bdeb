/**
 * Signed, purpose-bound, expiring tokens for links (HMAC-SHA256 through WebCrypto).
 *
 * A token reads `<subject>.<expiry>.<signature>`: the subject (an id, URL-safe as it is), the expiry
 * in Unix seconds (base 36), and the first 16 bytes of HMAC-SHA256(secret, "v1|purpose|subject|expiry")
 * in base64url. The purpose is signed but not written, so a token minted for one purpose ("status")
 * never passes as another ("confirm"). Every character is URL-safe; a token is about 40 characters.
 *
 * Verification checks the signature first, in constant time, and only then the clock: an expired
 * token with a good signature says so (with its subject, so an expired confirmation link can offer a
 * new one), anything else is simply invalid.
 */

export type TokenVerification =
  | { status: "valid"; subject: string; expiresAt: number }
  | { status: "expired"; subject: string; expiresAt: number }
  | { status: "invalid" };

export interface SignOptions {
  purpose: string;
  subject: string;
  /** When the token stops being valid, in ms since the epoch (rounded down to a second). */
  expiresAt: number;
}

/** Subjects are ids: letters, digits, "_" and "-", up to 64 characters. */
const SUBJECT = /^[A-Za-z0-9_-]{1,64}$/;
const PURPOSE = /^[a-z][a-z0-9_-]{0,31}$/;
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;
const SIGNATURE_BYTES = 16;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

async function signature(secret: string, purpose: string, subject: string, expiry: string): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`v1|${purpose}|${subject}|${expiry}`));
  return new Uint8Array(mac).slice(0, SIGNATURE_BYTES);
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Compares every byte whatever the first difference, so the time taken says nothing about the secret. */
function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

export async function signToken(secret: string, { purpose, subject, expiresAt }: SignOptions): Promise<string> {
  if (!PURPOSE.test(purpose)) throw new Error("signToken: the purpose must be a short lower-case word");
  if (!SUBJECT.test(subject)) throw new Error("signToken: the subject must be an id of letters, digits, '_' or '-'");
  if (!Number.isFinite(expiresAt) || expiresAt <= 0) throw new Error("signToken: expiresAt must be a time");
  const expiry = Math.floor(expiresAt / 1000).toString(36);
  return `${subject}.${expiry}.${base64url(await signature(secret, purpose, subject, expiry))}`;
}

export async function verifyToken(
  secret: string,
  purpose: string,
  token: string | null | undefined,
  now: number = Date.now(),
): Promise<TokenVerification> {
  const parts = typeof token === "string" && token.length <= 120 ? TOKEN.exec(token) : null;
  if (!parts) return { status: "invalid" };
  const [, subject, expiry, signatureText] = parts as unknown as [string, string, string, string];
  // Compared as text, so a second spelling of the same bytes (base64's spare low bits) never passes.
  const expected = base64url(await signature(secret, purpose, subject, expiry));
  if (!constantTimeEqual(encoder.encode(signatureText), encoder.encode(expected))) return { status: "invalid" };
  const expiresAt = parseInt(expiry, 36) * 1000;
  return now < expiresAt ? { status: "valid", subject, expiresAt } : { status: "expired", subject, expiresAt };
}
