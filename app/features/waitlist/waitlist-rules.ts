/** How a sign-up's name is stored (the form's fields and rules are in sign-up-schema.ts). */

/** Spec section 5: the first word is first_name, the remainder is last_name. */
export function splitName(name: string | undefined | null): { firstName: string | null; lastName: string | null } {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  return { firstName: words[0]!, lastName: words.length > 1 ? words.slice(1).join(" ") : null };
}
