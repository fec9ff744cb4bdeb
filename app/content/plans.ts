/**
 * The free tier and the paid plans, written once: /pricing renders the cards, the comparison
 * table and the Offer structured data from this module, and /download lists what the free tier
 * includes from it. The words are message ids (app/locales/<lang>.json, `pricing.*`; content imports
 * nothing of the i18n library, so they are typed loosely here and a unit test holds every one to the
 * catalogue), read with `PLAN_VALUES` for their placeholders.
 *
 * Prices are the US App Store prices in US dollars, as plain numbers. Apple sets the price in every
 * other storefront and shows it in the local currency there, so the pages say so next to them.
 */
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { faqEntries, type FaqEntry, type FaqTranslate } from "~/content/faq";

/** A message id of the plans (`pricing.…`). */
export type PlanMessage = `pricing.${string}`;

export type PlanTier = "free" | "pro" | "family";
export type BillingPeriod = "month" | "year";

export interface Plan {
  id: "free" | "pro-monthly" | "pro-yearly" | "family";
  /** The column of the comparison table the plan belongs to (Pro monthly and yearly share one). */
  tier: PlanTier;
  name: PlanMessage;
  /** US dollars; 0 for the free tier. */
  priceUsd: number;
  /** Null for the free tier. */
  period: BillingPeriod | null;
  summary: PlanMessage;
  /** What the plan gives, one short line each (the card's list). */
  includes: readonly PlanMessage[];
  /** A limit worth stating up front. */
  limit?: PlanMessage;
  /** Starts with the free trial (MARKETING_CLAIMS.freeTrialDays). */
  trial: boolean;
  /** Shown as the recommended plan. */
  featured?: boolean;
}

export const TRIAL_DAYS = MARKETING_CLAIMS.freeTrialDays;

/** How many collaborative collections the free tier can share. */
export const FREE_SHARED_COLLECTIONS = 3;

/** How many people one Family subscription covers (Apple's Family Sharing: the organiser and five more). */
export const FAMILY_MEMBERS = 6;

/** The placeholders of the plans' messages. */
export const PLAN_VALUES = { days: TRIAL_DAYS, freeShared: FREE_SHARED_COLLECTIONS, familyMembers: FAMILY_MEMBERS, supportEmail: siteConfig.supportEmail };

/** What Pro gives, monthly or yearly alike. */
const PRO_INCLUDES = [
  "pricing.plans.pro.sync",
  "pricing.plans.pro.collections",
  "pricing.plans.pro.ai",
  "pricing.plans.pro.reminders",
  "pricing.plans.pro.organisation",
  "pricing.plans.pro.support",
] as const satisfies readonly PlanMessage[];

export const PLANS = [
  {
    id: "free",
    tier: "free",
    name: "pricing.plans.free.name",
    priceUsd: 0,
    period: null,
    summary: "pricing.plans.free.summary",
    includes: [
      "pricing.plans.free.unlimitedLinks",
      "pricing.plans.free.categories",
      "pricing.plans.free.sanitization",
      "pricing.plans.free.qrCodes",
      "pricing.plans.free.onDevice",
      "pricing.plans.free.importExport",
    ],
    limit: "pricing.plans.free.limit",
    trial: false,
  },
  {
    id: "pro-monthly",
    tier: "pro",
    name: "pricing.plans.pro-monthly.name",
    priceUsd: 2.99,
    period: "month",
    summary: "pricing.plans.pro-monthly.summary",
    includes: PRO_INCLUDES,
    trial: true,
  },
  {
    id: "pro-yearly",
    tier: "pro",
    name: "pricing.plans.pro-yearly.name",
    priceUsd: 24.99,
    period: "year",
    summary: "pricing.plans.pro-yearly.summary",
    includes: PRO_INCLUDES,
    trial: true,
    featured: true,
  },
  {
    id: "family",
    tier: "family",
    name: "pricing.plans.family.name",
    priceUsd: 39.99,
    period: "year",
    summary: "pricing.plans.family.summary",
    includes: [
      "pricing.plans.family.everyPro",
      "pricing.plans.family.privateLibraries",
      "pricing.plans.family.sharedCollections",
      "pricing.plans.family.oneSubscription",
    ],
    trial: true,
  },
] as const satisfies readonly Plan[];

export type PlanId = (typeof PLANS)[number]["id"];

/** "per month" / "per year" / "forever". */
export function periodLabel(period: BillingPeriod | null): PlanMessage {
  return period === null ? "pricing.period.forever" : `pricing.period.${period}`;
}

function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

/** Whole-percent saving of Pro Yearly over twelve months of Pro Monthly. */
export function yearlySavingPercent(): number {
  const monthly = planById("pro-monthly").priceUsd * 12;
  return Math.round((1 - planById("pro-yearly").priceUsd / monthly) * 100);
}

/** The free tier's list, for pages that describe what a download includes. */
export const FREE_PLAN: Plan = planById("free");

/** The comparison table's columns: one per tier. */
export const COMPARISON_TIERS: readonly { tier: PlanTier; label: PlanMessage }[] = [
  { tier: "free", label: "pricing.tiers.free" },
  { tier: "pro", label: "pricing.tiers.pro" },
  { tier: "family", label: "pricing.tiers.family" },
];

export interface ComparisonRow {
  feature: PlanMessage;
  /** true: included; false: not included; a message: included with that limit or detail (read with PLAN_VALUES). */
  values: Record<PlanTier, boolean | PlanMessage>;
}

const everyTier = { free: true, pro: true, family: true } as const;
const paidOnly = { free: false, pro: true, family: true } as const;
const unlimited = "pricing.compare.unlimited";

export const COMPARISON: readonly ComparisonRow[] = [
  { feature: "pricing.compare.rows.savedLinks", values: { free: unlimited, pro: unlimited, family: unlimited } },
  { feature: "pricing.compare.rows.shareSheet", values: everyTier },
  { feature: "pricing.compare.rows.categories", values: everyTier },
  { feature: "pricing.compare.rows.search", values: everyTier },
  { feature: "pricing.compare.rows.sanitization", values: everyTier },
  { feature: "pricing.compare.rows.qrCodes", values: everyTier },
  { feature: "pricing.compare.rows.deepLinks", values: everyTier },
  { feature: "pricing.compare.rows.importExport", values: everyTier },
  { feature: "pricing.compare.rows.onDevice", values: everyTier },
  { feature: "pricing.compare.rows.collections", values: { free: "pricing.compare.upToFreeShared", pro: unlimited, family: unlimited } },
  { feature: "pricing.compare.rows.sync", values: paidOnly },
  { feature: "pricing.compare.rows.ai", values: paidOnly },
  { feature: "pricing.compare.rows.reminders", values: paidOnly },
  { feature: "pricing.compare.rows.organisation", values: paidOnly },
  { feature: "pricing.compare.rows.support", values: paidOnly },
  { feature: "pricing.compare.rows.people", values: { free: "pricing.compare.onePerson", pro: "pricing.compare.onePerson", family: "pricing.compare.upToFamily" } },
];

/** Questions of the shared FAQ (app/content/faq.ts) that are about plans and billing, by id. */
export const BILLING_FAQ_IDS = ["pricing", "sync", "collaboration", "data-deletion"] as const;

/** Billing questions the landing FAQ does not ask (its list is fixed at the spec's eleven). */
const BILLING_QUESTION_IDS = ["trial", "change-plan", "stop-paying", "refunds"] as const;

/** Every message id of the billing-only questions (for the catalogue test). */
export const BILLING_QUESTION_MESSAGES: readonly PlanMessage[] = [
  ...BILLING_QUESTION_IDS.flatMap((id): PlanMessage[] => [`pricing.faq.${id}.question`, `pricing.faq.${id}.answer`]),
  "pricing.faq.trial.answerNoCard",
];

/** The pricing page's FAQ: the shared billing questions (same text as the landing FAQ), then the billing-only ones. */
export function billingFaq(t: FaqTranslate, planText: (id: PlanMessage) => string): readonly FaqEntry[] {
  const own = BILLING_QUESTION_IDS.map((id) => ({
    id,
    question: planText(`pricing.faq.${id}.question`),
    answer: planText(id === "trial" && MARKETING_CLAIMS.noCreditCard ? "pricing.faq.trial.answerNoCard" : `pricing.faq.${id}.answer`),
  }));
  return [...faqEntries(t, BILLING_FAQ_IDS), ...own];
}
