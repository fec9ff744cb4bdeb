/**
 * Where the site's email goes, as the admin reads it (ADR 0031): off (production without
 * EMAIL_API_KEY: sign-ups are single opt-in, as before), the development mailbox, or Resend.
 */
export type EmailMode = "off" | "local-mailbox" | "resend";

export const EMAIL_MODE_TEXT: Record<EmailMode, { state: string; summary: string; detail: string }> = {
  off: {
    state: "Off",
    summary: "Email is off: sign-ups are single opt-in.",
    detail:
      "Nothing is sent and new sign-ups are confirmed at once, as before double opt-in. Set EMAIL_API_KEY (with EMAIL_FROM, SITE_URL, EMAIL_TOKEN_SECRET and SUPPRESSION_HASH_SECRET) to send through Resend.",
  },
  "local-mailbox": {
    state: "Development mailbox",
    summary: "Email is on, delivered to the development mailbox.",
    detail: "Nothing leaves this machine: each message lands in the mailbox page, where its links can be clicked. Sign-ups are double opt-in.",
  },
  resend: {
    state: "Resend",
    summary: "Email is on, sent through Resend.",
    detail: "Sign-ups are double opt-in: each new address is confirmed by a link before it counts.",
  },
};
