/**
 * The free tier and the paid plans, written once: /pricing renders the cards, the comparison
 * table and the Offer structured data from this module, and /download lists what the free tier
 * includes from it.
 *
 * Prices are the US App Store prices in US dollars, as plain numbers. Apple sets the price in every
 * other storefront and shows it in the local currency there, so the pages say so next to them.
 */
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { faqEntries, type FaqEntry, type FaqTranslate } from "~/content/faq";

export type PlanTier = "free" | "pro" | "family";
export type BillingPeriod = "month" | "year";

export interface Plan {
  id: "free" | "pro-monthly" | "pro-yearly" | "family";
  /** The column of the comparison table the plan belongs to (Pro monthly and yearly share one). */
  tier: PlanTier;
  name: string;
  /** US dollars; 0 for the free tier. */
  priceUsd: number;
  /** Null for the free tier. */
  period: BillingPeriod | null;
  summary: string;
  /** What the plan gives, one short line each (the card's list). */
  includes: readonly string[];
  /** A limit worth stating up front. */
  limit?: string;
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

/** What Pro gives, monthly or yearly alike. */
const PRO_INCLUDES = [
  "Cloud sync with end-to-end encryption",
  "Unlimited collaborative collections with Owner, Editor and Viewer roles",
  "AI categorisation suggestions",
  "Smart reminders",
  "Advanced organisation: saved filters and bulk edits",
  "Priority support from the developer",
] as const;

export const PLANS = [
  {
    id: "free",
    tier: "free",
    name: "Free",
    priceUsd: 0,
    period: null,
    summary: "Everything you need to save, organise and find your links, on your own device. Free for good, not for a while.",
    includes: [
      "Unlimited saved links",
      "Custom categories and instant search",
      "Link sanitization on every link you save",
      "QR codes to share and to save links",
      "On-device storage, no account needed",
      "Import and export whenever you like",
    ],
    limit: `Share up to ${FREE_SHARED_COLLECTIONS} collaborative collections`,
    trial: false,
  },
  {
    id: "pro-monthly",
    tier: "pro",
    name: "Pro Monthly",
    priceUsd: 2.99,
    period: "month",
    summary: "Every Pro feature, billed monthly. Cancel whenever you like from your Apple ID settings.",
    includes: PRO_INCLUDES,
    trial: true,
  },
  {
    id: "pro-yearly",
    tier: "pro",
    name: "Pro Yearly",
    priceUsd: 24.99,
    period: "year",
    summary: "The same Pro features as monthly, for a year at a time and for less.",
    includes: PRO_INCLUDES,
    trial: true,
    featured: true,
  },
  {
    id: "family",
    tier: "family",
    name: "Family",
    priceUsd: 39.99,
    period: "year",
    summary: `Pro for up to ${FAMILY_MEMBERS} people through Apple's Family Sharing, each with their own private library.`,
    includes: [
      `Every Pro feature for up to ${FAMILY_MEMBERS} family members`,
      "Each person's library stays private and separately encrypted",
      "Shared family collections for trips, recipes and school",
      "One subscription, managed by the family organiser",
    ],
    trial: true,
  },
] as const satisfies readonly Plan[];

export type PlanId = (typeof PLANS)[number]["id"];

/** "$2.99", "$0": the US price as the cards show it. */
export function formatUsd(amount: number): string {
  return `$${Number.isInteger(amount) ? amount.toString() : amount.toFixed(2)}`;
}

/** "per month" / "per year" / "forever". */
export function periodLabel(period: BillingPeriod | null): string {
  return period === null ? "forever" : `per ${period}`;
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
export const COMPARISON_TIERS: readonly { tier: PlanTier; label: string }[] = [
  { tier: "free", label: "Free" },
  { tier: "pro", label: "Pro" },
  { tier: "family", label: "Family" },
];

export interface ComparisonRow {
  feature: string;
  /** true: included; false: not included; a string: included with that limit or detail. */
  values: Record<PlanTier, boolean | string>;
}

const everyTier = { free: true, pro: true, family: true } as const;
const paidOnly = { free: false, pro: true, family: true } as const;

export const COMPARISON: readonly ComparisonRow[] = [
  { feature: "Saved links", values: { free: "Unlimited", pro: "Unlimited", family: "Unlimited" } },
  { feature: "Save from any app with the share sheet", values: everyTier },
  { feature: "Custom categories, tags and favourites", values: everyTier },
  { feature: "Instant on-device search", values: everyTier },
  { feature: "Link sanitization", values: everyTier },
  { feature: "QR codes", values: everyTier },
  { feature: "Deep links", values: everyTier },
  { feature: "Import and export", values: everyTier },
  { feature: "On-device storage", values: everyTier },
  {
    feature: "Collaborative collections (Owner, Editor, Viewer)",
    values: { free: `Up to ${FREE_SHARED_COLLECTIONS}`, pro: "Unlimited", family: "Unlimited" },
  },
  { feature: "Cloud sync with end-to-end encryption", values: paidOnly },
  { feature: "AI categorisation", values: paidOnly },
  { feature: "Smart reminders", values: paidOnly },
  { feature: "Advanced organisation", values: paidOnly },
  { feature: "Priority support", values: paidOnly },
  { feature: "People covered", values: { free: "1", pro: "1", family: `Up to ${FAMILY_MEMBERS}` } },
];

/** Questions of the shared FAQ (app/content/faq.ts) that are about plans and billing, by id. */
export const BILLING_FAQ_IDS = ["pricing", "sync", "collaboration", "data-deletion"] as const;

/** Billing questions the landing FAQ does not ask (its list is fixed at the spec's eleven). */
export const BILLING_QUESTIONS: readonly FaqEntry[] = [
  {
    id: "trial",
    question: "How does the free trial work?",
    answer: `Pro and Family start with a ${TRIAL_DAYS}-day free trial${MARKETING_CLAIMS.noCreditCard ? ", no credit card required" : ""}. You get every paid feature from the first day, and you can cancel in your Apple ID settings before the trial ends without being charged.`,
  },
  {
    id: "change-plan",
    question: "Can I switch between monthly, yearly and Family?",
    answer: `Yes. Change plans in the app or in your Apple ID subscription settings. Apple applies the change and works out any credit for the time you have already paid for. Your library and settings stay exactly as they are.`,
  },
  {
    id: "stop-paying",
    question: "What happens to my links if I stop paying?",
    answer: `Nothing is deleted. Your library stays on your device with every free feature. Sync, AI suggestions and reminders stop until you subscribe again, and collaborative collections beyond the free ${FREE_SHARED_COLLECTIONS} become read-only.`,
  },
  {
    id: "refunds",
    question: "How do refunds work?",
    answer: `Subscriptions are sold and billed by Apple, so refunds are requested from Apple through the App Store. If something is wrong with the app itself, write to ${siteConfig.supportEmail} first and we will try to put it right.`,
  },
];

/** The pricing page's FAQ: the shared billing questions (same text as the landing FAQ), then the billing-only ones. */
export function billingFaq(t: FaqTranslate): readonly FaqEntry[] {
  return [...faqEntries(t, BILLING_FAQ_IDS), ...BILLING_QUESTIONS];
}
