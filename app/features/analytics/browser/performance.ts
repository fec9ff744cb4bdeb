/**
 * Performance (spec sections 7 and 9): web vitals with the web-vitals library (loaded lazily),
 * rated with the spec's thresholds, kept in session storage with timestamp and path, reported to
 * the console after PERFORMANCE_REPORT_DELAY_MS and sent as web_vital events; resource timing
 * sampled 1 s after load; a memory check 2 s after load and every 30 s where the browser has
 * performance.memory (Chromium).
 *
 * FID: web-vitals 5 removed onFID (INP replaced it as a Core Web Vital), and this project uses 6.x,
 * so FID is not measured; the catalogue still accepts it for data from older clients.
 */
import { PERFORMANCE_REPORT_DELAY_MS } from "~/lib/constants";
import { rateWebVital, WEB_VITAL_NAMES, WEB_VITAL_RATINGS } from "../constants";
import { ANALYTICS_MESSAGES } from "./messages";
import { afterLoad } from "./page-events";
import { readJson, writeJson, type KeyValueStorage } from "./storage";

type Track = (name: string, properties: Record<string, unknown>) => void;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

export const PERFORMANCE_STORAGE_KEY = "performance-metrics";
/** The newest entries kept in session storage. */
export const MAX_STORED_METRICS = 50;
export const RESOURCE_TIMING_DELAY_MS = 1000;
export const MEMORY_CHECK_DELAY_MS = 2000;
export const MEMORY_CHECK_INTERVAL_MS = 30_000;

/** One entry of the performance metrics list (spec section 3). */
export interface StoredMetric {
  metric: WebVitalName;
  value: number;
  rating: (typeof WEB_VITAL_RATINGS)[number];
  timestamp: number;
  path: string;
}

/** CLS is a unitless score (kept to 4 decimals); the others are milliseconds (whole). */
export function metricEntry(metric: WebVitalName, rawValue: number, timestamp: number, path: string): StoredMetric {
  const value = metric === "CLS" ? Math.round(rawValue * 10_000) / 10_000 : Math.round(rawValue);
  const bounded = Math.min(600_000, Math.max(0, value));
  return { metric, value: bounded, rating: rateWebVital(metric, bounded), timestamp, path };
}

export function storeMetric(storage: KeyValueStorage | null, entry: StoredMetric): void {
  const list = readJson<StoredMetric[]>(storage, PERFORMANCE_STORAGE_KEY, []);
  const next = [...(Array.isArray(list) ? list : []), entry].slice(-MAX_STORED_METRICS);
  writeJson(storage, PERFORMANCE_STORAGE_KEY, next);
}

export interface ResourceSummary {
  count: number;
  transferKb: number;
  slowest?: string;
  slowestMs?: number;
}

/** Resource Timing entries summed up: how many, how many KB over the wire, and the slowest one. */
export function summarizeResources(
  entries: readonly Pick<PerformanceResourceTiming, "name" | "duration" | "transferSize">[],
  pageOrigin: string,
): ResourceSummary {
  let transfer = 0;
  let slowest: (typeof entries)[number] | undefined;
  for (const entry of entries) {
    transfer += entry.transferSize || 0;
    if (!slowest || entry.duration > slowest.duration) slowest = entry;
  }
  const summary: ResourceSummary = { count: entries.length, transferKb: Math.round((transfer / 1024) * 10) / 10 };
  if (slowest) {
    let name = slowest.name;
    try {
      // Path only: a query string can carry personal data.
      const url = new URL(slowest.name);
      name = url.origin === pageOrigin ? url.pathname : `${url.origin}${url.pathname}`;
    } catch {
      // Not a URL: keep the name.
    }
    summary.slowest = name.slice(0, 200);
    summary.slowestMs = Math.round(slowest.duration);
  }
  return summary;
}

interface ChromiumMemory {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

export function memoryCheck(memory: ChromiumMemory | undefined): { usedMb: number; limitMb: number } | null {
  if (!memory || !Number.isFinite(memory.usedJSHeapSize)) return null;
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  return { usedMb: mb(memory.usedJSHeapSize), limitMb: mb(memory.jsHeapSizeLimit) };
}

/** Milliseconds until `delay` after the load event (at once when that moment has passed). */
function sinceLoad(delay: number): number {
  const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  const loadEnd = navigation?.loadEventEnd ?? 0;
  return loadEnd > 0 ? Math.max(0, loadEnd + delay - performance.now()) : delay;
}

export function installPerformance(options: {
  track: Track;
  storage: KeyValueStorage | null;
  onError: (message: string, detail?: unknown) => void;
}): () => void {
  const { track, storage } = options;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let stopped = false;

  const report = (name: string, value: number) => {
    if (stopped || !(WEB_VITAL_NAMES as readonly string[]).includes(name)) return;
    const entry = metricEntry(name as WebVitalName, value, Date.now(), window.location.pathname);
    storeMetric(storage, entry);
    track("web_vital", { metric: entry.metric, value: entry.value, rating: entry.rating });
  };
  import("web-vitals")
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on((metric) => report(metric.name, metric.value));
    })
    .catch((error) => options.onError(ANALYTICS_MESSAGES.scriptFailed, error));

  timers.push(
    setTimeout(() => {
      const entries = readJson<StoredMetric[]>(storage, PERFORMANCE_STORAGE_KEY, []);
      console.info("Performance report", Array.isArray(entries) ? entries : []);
    }, PERFORMANCE_REPORT_DELAY_MS),
  );

  afterLoad(() => {
    timers.push(
      setTimeout(() => {
        const entries = performance.getEntriesByType?.("resource") as PerformanceResourceTiming[] | undefined;
        if (entries && !stopped) track("resource_timing", { ...summarizeResources(entries, window.location.origin) });
      }, sinceLoad(RESOURCE_TIMING_DELAY_MS)),
    );
    const checkMemory = () => {
      if (stopped || document.visibilityState === "hidden") return;
      const sample = memoryCheck((performance as Performance & { memory?: ChromiumMemory }).memory);
      if (sample) track("memory_check", sample);
    };
    timers.push(
      setTimeout(() => {
        checkMemory();
        timers.push(setInterval(checkMemory, MEMORY_CHECK_INTERVAL_MS));
      }, sinceLoad(MEMORY_CHECK_DELAY_MS)),
    );
  });

  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
