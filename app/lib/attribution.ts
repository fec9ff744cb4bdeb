/**
 * Where a visitor came from, recorded with a sign-up (spec section 3 metadata): the external
 * referrer's origin or 'direct', and the UTM tags of the landing URL, each 'none' when absent.
 * Only the origin (ADR 0034): the page that linked here is nobody's business, and the edge cache
 * keys on this value, so a full URL would let anyone probe whether someone arrived from it.
 */
export interface Attribution {
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
}

const STORAGE_KEY = "landing-attribution";

export function attributionFrom(pageUrl: string, referrer: string | null | undefined): Attribution {
  const url = new URL(pageUrl);
  let external = "direct";
  if (referrer) {
    try {
      const origin = new URL(referrer).origin;
      // "null" for schemes without one (data:, about:): no attribution either.
      if (origin !== url.origin && origin !== "null") external = origin.slice(0, 2048);
    } catch {
      // An unparseable Referer is no attribution.
    }
  }
  const tag = (name: string) => url.searchParams.get(name)?.trim().slice(0, 200) || "none";
  return {
    referrer: external,
    utm_source: tag("utm_source"),
    utm_medium: tag("utm_medium"),
    utm_campaign: tag("utm_campaign"),
  };
}

/**
 * In the browser: the first landing of this tab wins, so UTM tags survive a visit to other pages
 * before the visitor signs up.
 */
export function firstTouchAttribution(): Attribution {
  const current = attributionFrom(window.location.href, document.referrer);
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as Attribution;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage refused (private mode, quota): use this page's attribution.
  }
  return current;
}
