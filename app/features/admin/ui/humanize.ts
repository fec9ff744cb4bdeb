/** Underscored identifiers (beta_testing, main_waitlist) as words. */
export function humanize(value: string): string {
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A waitlist entry's intent as the admin reads it: the beta program, or a notify-me request (ADR 0048). */
export function intentLabel(intent: string): string {
  return intent === "beta_testing" ? "Beta program" : intent === "waitlist" ? "Notify me" : humanize(intent);
}
