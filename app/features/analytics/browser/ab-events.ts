/**
 * A/B events (spec section 7): ab_test_variant_assigned once per test per session,
 * ab_test_impression at most once per IMPRESSION_DEDUPE_MS per test and variant per session, and
 * ab_test_conversion for every active test when a waitlist sign-up succeeds. The assignment comes
 * from the page (#ab-assignments, rendered by the edge); the last one seen is kept for the session
 * so a sign-up on another page still counts for the variants the visitor saw.
 */
import { IMPRESSION_DEDUPE_MS } from "~/lib/constants";
import { readJson, writeJson, type KeyValueStorage } from "./storage";

export const AB_ASSIGNMENTS_ELEMENT_ID = "ab-assignments";
export const AB_ASSIGNED_STORAGE_KEY = "ab-assigned";
export const AB_IMPRESSIONS_STORAGE_KEY = "ab-impressions";
export const AB_LAST_SEEN_STORAGE_KEY = "ab-last-assignments";

export interface SeenAssignment {
  test: string;
  variant: string;
  active: boolean;
}

type Track = (name: string, properties: Record<string, unknown>) => void;

/** True when no impression of this test and variant was recorded within the window. */
export function impressionDue(lastAt: number | undefined, now: number, windowMs = IMPRESSION_DEDUPE_MS): boolean {
  // A clock that went backwards (lastAt in the future) also allows a new one.
  return lastAt === undefined || now - lastAt >= windowMs || now < lastAt;
}

export function parseAssignments(text: string | null | undefined): SeenAssignment[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as Record<string, Partial<SeenAssignment>>;
    return Object.entries(value)
      .filter(([, a]) => a && typeof a.variant === "string")
      .map(([test, a]) => ({ test, variant: a.variant!, active: a.active !== false }));
  } catch {
    return [];
  }
}

export function pageAssignments(doc: Pick<Document, "getElementById"> = document): SeenAssignment[] {
  return parseAssignments(doc.getElementById(AB_ASSIGNMENTS_ELEMENT_ID)?.textContent);
}

/** On a page view: the assignment and impression events due for the tests on this page. */
export function recordExposures(assignments: readonly SeenAssignment[], storage: KeyValueStorage | null, now: number, track: Track): void {
  const active = assignments.filter((a) => a.active);
  if (active.length === 0) return;
  const assigned = readJson<Record<string, string>>(storage, AB_ASSIGNED_STORAGE_KEY, {});
  const impressions = readJson<Record<string, number>>(storage, AB_IMPRESSIONS_STORAGE_KEY, {});
  for (const { test, variant } of active) {
    if (assigned[test] !== variant) {
      assigned[test] = variant;
      track("ab_test_variant_assigned", { test, variant });
    }
    const key = `${test}:${variant}`;
    if (impressionDue(impressions[key], now)) {
      impressions[key] = now;
      track("ab_test_impression", { test, variant });
    }
  }
  writeJson(storage, AB_ASSIGNED_STORAGE_KEY, assigned);
  writeJson(storage, AB_IMPRESSIONS_STORAGE_KEY, impressions);
  writeJson(storage, AB_LAST_SEEN_STORAGE_KEY, active);
}

/** On a waitlist sign-up: one conversion per active test, from this page or the last one seen. */
export function recordConversions(assignments: readonly SeenAssignment[], storage: KeyValueStorage | null, goal: string, track: Track): void {
  const seen = assignments.length > 0 ? assignments : readJson<SeenAssignment[]>(storage, AB_LAST_SEEN_STORAGE_KEY, []);
  for (const { test, variant, active } of Array.isArray(seen) ? seen : []) {
    if (active && typeof test === "string" && typeof variant === "string") track("ab_test_conversion", { test, variant, goal });
  }
}
