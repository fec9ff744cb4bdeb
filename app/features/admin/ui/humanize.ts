/** Underscored identifiers (beta_testing, main_waitlist) as words. */
export function humanize(value: string): string {
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
