/**
 * The two settings of the owner's outreach (issue 17, ADR 0036): the TestFlight public link and the
 * sender's display name. Their rules are shared by the settings form (in the browser too) and by the
 * readers in settings.server.ts.
 */
/**
 * The TestFlight public link beta invitations carry (issue 17): https://testflight.apple.com/join/<code>,
 * nothing else (no other host, path, port, query or credentials), so an invitation can only ever point
 * at Apple's beta sign-up. site_settings key testflight_url; unset until the owner saves one.
 */
export const TESTFLIGHT_LINK = { key: "testflight_url", example: "https://testflight.apple.com/join/AbCd1234" } as const;

/** A TestFlight public link, normalised (no trailing slash), or null when the text is anything else. */
export function parseTestflightUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text.length > 200 || !text.startsWith("https://")) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.hostname !== "testflight.apple.com" || url.port || url.username || url.password || url.search || url.hash) return null;
  const code = /^\/join\/([A-Za-z0-9]{4,32})\/?$/.exec(url.pathname)?.[1];
  return code ? `https://testflight.apple.com/join/${code}` : null;
}

/**
 * The sender's display name (issue 17): the name mail clients show for EMAIL_FROM's address. At most 60
 * characters, none of < > " @ \ or control and formatting characters (no header injection, no name
 * that reads as another address, no right-to-left tricks). site_settings key email_sender_name;
 * unset: the name in EMAIL_FROM.
 */
export const SENDER_NAME = { key: "email_sender_name", max: 60 } as const;

const SENDER_NAME_PATTERN = /^[^<>"@\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

/** A display name, trimmed with inner spaces collapsed, or null when it is not allowed. */
export function parseSenderName(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim().replace(/\s+/g, " ");
  return text.length >= 1 && text.length <= SENDER_NAME.max && SENDER_NAME_PATTERN.test(text) ? text : null;
}

