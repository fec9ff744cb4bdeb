/**
 * The name and email rules every form shares (waitlist, notify, contact, admin accounts), for the
 * browser (instant feedback, no request for bad input) and the server (the authority). Plain
 * functions: the public forms' zod schemas wrap them (lib/public-form.ts), and so can any other form.
 */
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { VALIDATION_MESSAGES } from "~/lib/messages";

/**
 * Spec section 5: something@something.something, no whitespace anywhere. A bare address only: the
 * characters of display names, comments and groups (`Ann <ann@example.com>`, `x<victim@…>`) are refused,
 * so what is stored is exactly where mail goes.
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The spec's message when the email is not acceptable, else null. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (value.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(value)) return VALIDATION_MESSAGES.invalidEmail;
  return null;
}

/**
 * What a name must not carry, since it may be shown back (status page, admin, later mail): control,
 * format (zero-width, bidirectional overrides) and separator characters, and the blanks that render as
 * nothing (Braille blank, Hangul fillers).
 */
const INVISIBLE_CHARACTER = /(?!\u200D)[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\u2800\u3164\u115F\u1160\uFFA0]|\u034F/u;
/** The zero-width joiner, allowed only where it joins two emoji (👩‍💻). */
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/u;
/**
 * Links in a name: a scheme, www., an @ or a slash; a host name in lower case (`evil.example`); or one
 * with a common top-level domain in any case (`EVIL.COM`). `St.John` stays a name.
 */
const LINK_IN_NAME = [/:\/\/|\bwww\.|[@/\\]/iu, /[\p{L}\p{N}-]{2,}\.[a-z]{2,}/u, /[\p{L}\p{N}-]{2,}\.(?:com|net|org|info|biz|io|co|app|dev|xyz|ru|cn|link|top|site|online|me|ly|to|gl)\b/iu];

export function nameProblem(name: string): string | null {
  return name.trim().length > NAME_MAX_LENGTH ? VALIDATION_MESSAGES.nameTooLong : nameCharactersProblem(name);
}

/** A name's content, whatever its length limit: no invisible characters, no links. */
export function nameCharactersProblem(name: string): string | null {
  if (INVISIBLE_CHARACTER.test(name) || STRAY_JOINER.test(name)) return VALIDATION_MESSAGES.nameInvisible;
  if (LINK_IN_NAME.some((pattern) => pattern.test(name))) return VALIDATION_MESSAGES.nameLink;
  return null;
}
