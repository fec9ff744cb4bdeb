/**
 * The analytics event catalogue (spec section 7): every event name the site may send, and the shape
 * of its properties. Shared by the browser (which sends) and the collector (which validates and
 * refuses anything else), and read by the admin's analytics queries.
 */
import * as z from "zod";
import {
  DEFAULT_CONVERSION_LABEL,
  MAX_EVENTS_PER_BATCH,
  SCROLL_DEPTH_THRESHOLDS,
  WEB_VITAL_NAMES,
  WEB_VITAL_RATINGS,
} from "./constants";

// The schema-free constants live in ./constants (the browser imports them without zod).
export {
  DEFAULT_CONVERSION_LABEL,
  MAX_EVENTS_BODY_BYTES,
  MAX_EVENTS_PER_BATCH,
  SCROLL_DEPTH_THRESHOLDS,
  WEB_VITAL_NAMES,
  WEB_VITAL_RATINGS,
  WEB_VITAL_THRESHOLDS,
  rateWebVital,
} from "./constants";

const shortText = z.string().max(200);
const identifier = z.string().regex(/^[a-z0-9_]{1,60}$/);
/** Free-form extra properties: a few flat, short values. */
const extras = z.record(z.string().regex(/^[a-zA-Z0-9_]{1,40}$/), z.union([z.string().max(300), z.number().finite(), z.boolean(), z.null()]));
const withExtras = <T extends z.ZodRawShape>(shape: T) => z.object(shape).catchall(z.union([z.string().max(300), z.number().finite(), z.boolean(), z.null()]));

export const EVENT_PROPERTY_SCHEMAS = {
  page_view: withExtras({ title: shortText.optional(), search: z.string().max(500).optional(), referrer: z.string().max(500).optional() }),
  page_load_complete: withExtras({
    loadTime: z.number().min(0).max(600_000),
    domContentLoaded: z.number().min(0).max(600_000),
    firstPaint: z.number().min(0).max(600_000).nullable(),
  }),
  // Clicks (spec section 7): feature cards, screenshots, roadmap, FAQ, notify buttons.
  feature_card_click: extras,
  screenshot_click: extras,
  roadmap_click: extras,
  faq_click: extras,
  notify_click: extras,
  coming_soon_notify_click: withExtras({ platform: identifier }),
  support_developer_click: extras,
  cta_click: extras,
  outbound_link: withExtras({ url: z.string().max(500), host: z.string().max(253) }),
  scroll_depth: withExtras({ percent: z.union(SCROLL_DEPTH_THRESHOLDS.map((t) => z.literal(t)) as [z.ZodLiteral<25>, z.ZodLiteral<50>, z.ZodLiteral<75>, z.ZodLiteral<100>]) }),
  // Forms: start on email focus; submit with the success flag and the error message shown.
  form_start: withExtras({ form: identifier }),
  form_submit: withExtras({ form: identifier, success: z.boolean(), error: shortText.nullable().optional() }),
  conversion: withExtras({ label: identifier.default(DEFAULT_CONVERSION_LABEL), source: identifier.optional() }),
  // A/B tests (architecture decision 2): assignment, impression (deduplicated), conversion.
  ab_test_variant_assigned: withExtras({ test: identifier, variant: identifier }),
  ab_test_impression: withExtras({ test: identifier, variant: identifier }),
  ab_test_conversion: withExtras({ test: identifier, variant: identifier, goal: identifier.optional() }),
  // Performance.
  web_vital: withExtras({ metric: z.enum(WEB_VITAL_NAMES), value: z.number().min(0).max(600_000), rating: z.enum(WEB_VITAL_RATINGS) }),
  resource_timing: withExtras({ count: z.number().int().min(0), transferKb: z.number().min(0), slowest: shortText.optional(), slowestMs: z.number().min(0).optional() }),
  memory_check: withExtras({ usedMb: z.number().min(0), limitMb: z.number().min(0) }),
} as const;

export type AnalyticsEventName = keyof typeof EVENT_PROPERTY_SCHEMAS;
export const ANALYTICS_EVENT_NAMES = Object.keys(EVENT_PROPERTY_SCHEMAS) as AnalyticsEventName[];

export function isKnownEvent(name: string): name is AnalyticsEventName {
  return Object.prototype.hasOwnProperty.call(EVENT_PROPERTY_SCHEMAS, name);
}

/** What the browser posts to /api/events (one batch). */
export const collectorBatchSchema = z.object({
  /** What the visitor allowed: "analytics" keeps a daily visitor hash and the session id; "anonymous" keeps neither. */
  consent: z.enum(["anonymous", "analytics"]),
  /** Random per-tab session id (sessionStorage); only stored with analytics consent. */
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/).optional(),
  events: z
    .array(
      z.object({
        name: z.string().max(60),
        /** Client time in ms since the epoch. */
        at: z.number().int().positive(),
        path: z.string().max(500).startsWith("/"),
        properties: z.record(z.string(), z.unknown()).default({}),
      }),
    )
    .min(1)
    .max(MAX_EVENTS_PER_BATCH),
  /** document.referrer and the landing URL's UTM parameters; only the referrer's host is ever stored. */
  referrer: z.string().max(2048).optional(),
  utm: z.object({ source: z.string().max(100).optional(), medium: z.string().max(100).optional(), campaign: z.string().max(100).optional() }).optional(),
});
export type CollectorBatch = z.infer<typeof collectorBatchSchema>;
