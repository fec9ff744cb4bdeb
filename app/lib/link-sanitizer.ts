/**
 * Link sanitization rules: which query parameters (and a few path and fragment pieces) only track
 * the visitor, and how to remove them without changing the page a link opens.
 *
 * Pure and dependency-free: the /link-sanitization page runs it in the browser (instant results)
 * and in its loader (the same result without JavaScript, and linkable results).
 *
 * Principles:
 * - Only names on the lists below are removed. Anything unknown is kept: a parameter that changes
 *   the page (a search query, a video id, a time offset) must survive.
 * - Names match case-insensitively, after percent-decoding (`UTM_SOURCE`, `utm%5Fsource`).
 * - Kept parameters keep their order and their exact encoding (`+` stays `+`, `%2F` stays `%2F`).
 * - The fragment is kept, text fragments (`#:~:text=`) included; only a fragment made of tracking
 *   parameters alone (`#utm_source=...`, `#xtor=...`) is cleaned.
 */

export interface RemovedParameter {
  /** The name as it appeared in the link (percent-decoded). */
  name: string;
  /** Its value, percent-decoded for reading. */
  value: string;
  /** A short explanation for people. */
  reason: string;
}

export type SanitizeResult =
  | { ok: true; original: string; cleaned: string; removed: RemovedParameter[] }
  | { ok: false; error: string };

/** Longest input the page accepts (characters, after trimming). */
export const SANITIZER_MAX_LENGTH = 2048;

export const SANITIZER_MESSAGES = {
  notWeb: "Only web links (http or https) can be cleaned.",
  unparsable: "That doesn't look like a link. Paste a full web address.",
  tooLong: "That link is too long to clean here (2,048 characters at most).",
} as const;

// ---- Rules --------------------------------------------------------------------------------------

type HostTest = (hostname: string) => boolean;

interface Rule {
  /** The exact name, or a prefix when `prefix` is set (compared case-insensitively). */
  name: string;
  prefix?: boolean;
  reason: string;
  /** Only on these hosts (the rule is skipped elsewhere), described for people in `where`. */
  hosts?: HostTest;
  where?: string;
  /** Only on these paths of those hosts. */
  paths?: (pathname: string) => boolean;
}

const onDomain =
  (...domains: string[]): HostTest =>
  (hostname) =>
    domains.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));

const AMAZON_TLDS = [
  "com", "ca", "com.mx", "com.br", "co.uk", "de", "fr", "it", "es", "nl", "se", "pl", "com.be", "com.tr",
  "ie", "co.jp", "in", "sg", "com.au", "ae", "sa", "eg", "cn", "co.za",
];
const isAmazon: HostTest = onDomain(...AMAZON_TLDS.map((tld) => `amazon.${tld}`));
const isYouTube: HostTest = onDomain("youtube.com", "youtu.be", "youtube-nocookie.com");
const isSpotify: HostTest = (hostname) => hostname === "open.spotify.com";
const isTwitter: HostTest = onDomain("twitter.com", "x.com");
const isTikTok: HostTest = onDomain("tiktok.com");
const isFacebook: HostTest = onDomain("facebook.com", "fb.com", "fb.watch");
/** Amazon product pages, where search breadcrumbs (qid, sr, keywords) do not change the page. */
const isAmazonProductPath = (pathname: string) => /\/(dp|gp\/product|gp\/aw\/d)\//i.test(pathname);

const UTM = "Campaign tracking (UTM)";
const HUBSPOT = "HubSpot email and visitor tracking";
const MATOMO = "Campaign tracking (Matomo)";
const GA_CAMPAIGN = "Campaign tracking (Google Analytics)";
const TIKTOK_SHARE = "TikTok share tracking";
const TWITTER_EMBED = "X (Twitter) embed referral tracking";

/** Checked in order: the first match explains a parameter. */
const RULES: readonly Rule[] = [
  { name: "utm_", prefix: true, reason: UTM },
  { name: "fbclid", reason: "Facebook click identifier" },
  { name: "gclid", reason: "Google Ads click identifier" },
  { name: "gclsrc", reason: "Google Ads click source" },
  { name: "dclid", reason: "Google display ads click identifier" },
  { name: "gbraid", reason: "Google Ads click identifier (app campaigns)" },
  { name: "wbraid", reason: "Google Ads click identifier (web to app)" },
  { name: "srsltid", reason: "Google Shopping result identifier" },
  { name: "_ga", reason: "Google Analytics visitor identifier" },
  { name: "_gl", reason: "Google Analytics cross-site linker" },
  { name: "ga_source", reason: GA_CAMPAIGN },
  { name: "ga_medium", reason: GA_CAMPAIGN },
  { name: "ga_campaign", reason: GA_CAMPAIGN },
  { name: "ga_term", reason: GA_CAMPAIGN },
  { name: "ga_content", reason: GA_CAMPAIGN },
  { name: "msclkid", reason: "Microsoft Advertising click identifier" },
  { name: "twclid", reason: "X (Twitter) Ads click identifier" },
  { name: "ttclid", reason: "TikTok Ads click identifier" },
  { name: "li_fat_id", reason: "LinkedIn Ads member identifier" },
  { name: "igshid", reason: "Instagram share identifier" },
  { name: "igsh", reason: "Instagram share identifier" },
  { name: "epik", reason: "Pinterest Ads click identifier" },
  { name: "yclid", reason: "Yandex Ads click identifier" },
  { name: "_openstat", reason: "Openstat ad tracking" },
  { name: "mc_eid", reason: "Mailchimp subscriber identifier" },
  { name: "mc_cid", reason: "Mailchimp campaign identifier" },
  { name: "_hsenc", reason: HUBSPOT },
  { name: "_hsmi", reason: HUBSPOT },
  { name: "__hssc", reason: HUBSPOT },
  { name: "__hstc", reason: HUBSPOT },
  { name: "__hsfp", reason: HUBSPOT },
  { name: "hsCtaTracking", reason: HUBSPOT },
  { name: "mkt_tok", reason: "Marketo email tracking token" },
  { name: "vero_id", reason: "Vero email tracking" },
  { name: "vero_conv", reason: "Vero email tracking" },
  { name: "oly_anon_id", reason: "Omeda visitor tracking" },
  { name: "oly_enc_id", reason: "Omeda visitor tracking" },
  { name: "rb_clickid", reason: "Ad attribution click identifier" },
  { name: "wickedid", reason: "Wicked Reports ad click identifier" },
  { name: "s_cid", reason: "Adobe Analytics campaign identifier" },
  { name: "ncid", reason: "Campaign tracking identifier" },
  { name: "sr_share", reason: "Social share tracking" },
  { name: "xtor", reason: "AT Internet campaign tracking" },
  { name: "spm", reason: "Alibaba click-path tracking" },
  { name: "scm", reason: "Alibaba click-path tracking" },
  { name: "pk_campaign", reason: MATOMO },
  { name: "pk_kwd", reason: MATOMO },
  { name: "pk_source", reason: MATOMO },
  { name: "pk_medium", reason: MATOMO },
  { name: "pk_content", reason: MATOMO },
  { name: "mtm_", prefix: true, reason: MATOMO },
  { name: "ref_src", reason: TWITTER_EMBED },
  { name: "ref_url", reason: TWITTER_EMBED, hosts: isTwitter, where: "on X (Twitter), or beside ref_src" },
  { name: "si", reason: "YouTube share identifier", hosts: isYouTube, where: "on YouTube" },
  { name: "si", reason: "Spotify share identifier", hosts: isSpotify, where: "on Spotify" },
  { name: "mibextid", reason: "Facebook share tracking", hosts: isFacebook, where: "on Facebook" },
  { name: "_t", reason: TIKTOK_SHARE, hosts: isTikTok, where: "on TikTok" },
  { name: "_r", reason: TIKTOK_SHARE, hosts: isTikTok, where: "on TikTok" },
  { name: "is_from_webapp", reason: TIKTOK_SHARE, hosts: isTikTok, where: "on TikTok" },
  { name: "sender_device", reason: TIKTOK_SHARE, hosts: isTikTok, where: "on TikTok" },
  { name: "sender_web_id", reason: TIKTOK_SHARE, hosts: isTikTok, where: "on TikTok" },
  { name: "is_copy_url", reason: TIKTOK_SHARE, hosts: isTikTok, where: "on TikTok" },
  { name: "pd_rd_", prefix: true, reason: "Amazon recommendation tracking", hosts: isAmazon, where: "on Amazon" },
  { name: "pf_rd_", prefix: true, reason: "Amazon page placement tracking", hosts: isAmazon, where: "on Amazon" },
  { name: "content-id", reason: "Amazon page placement tracking", hosts: isAmazon, where: "on Amazon" },
  { name: "ref_", reason: "Amazon navigation tag", hosts: isAmazon, where: "on Amazon" },
  { name: "ref", reason: "Amazon navigation tag", hosts: isAmazon, where: "on Amazon" },
  { name: "qid", reason: "Amazon search breadcrumb", hosts: isAmazon, paths: isAmazonProductPath, where: "on Amazon product pages" },
  { name: "sr", reason: "Amazon search breadcrumb", hosts: isAmazon, paths: isAmazonProductPath, where: "on Amazon product pages" },
  { name: "keywords", reason: "Amazon search breadcrumb", hosts: isAmazon, paths: isAmazonProductPath, where: "on Amazon product pages" },
  { name: "crid", reason: "Amazon search breadcrumb", hosts: isAmazon, paths: isAmazonProductPath, where: "on Amazon product pages" },
  { name: "sprefix", reason: "Amazon search breadcrumb", hosts: isAmazon, paths: isAmazonProductPath, where: "on Amazon product pages" },
];

/** Every parameter the rules remove, for people: the name (`utm_*` for a prefix), why, and where. */
export const TRACKING_PARAMETERS: readonly { name: string; reason: string; where: string | null }[] = [
  ...RULES.map((rule) => ({ name: rule.prefix ? `${rule.name}*` : rule.name, reason: rule.reason, where: rule.where ?? null })),
  { name: "/ref=…", reason: "Amazon navigation tag (at the end of the path)", where: "on Amazon" },
];

/** Why `name` is a tracking parameter on this page, or null when it must be kept. */
export function trackingReason(name: string, hostname: string, pathname = "/", twitterEmbed = false): string | null {
  const key = name.toLowerCase();
  // Beside Twitter's ref_src, ref_url is the embed's tracking too, wherever the link points.
  if (twitterEmbed && key === "ref_url") return TWITTER_EMBED;
  const host = hostname.toLowerCase();
  for (const rule of RULES) {
    const name = rule.name.toLowerCase();
    const matches = rule.prefix ? key.startsWith(name) && key.length > name.length : key === name;
    if (!matches) continue;
    if (rule.hosts && !rule.hosts(host)) continue;
    if (rule.paths && !rule.paths(pathname)) continue;
    return rule.reason;
  }
  return null;
}

// ---- Parsing ------------------------------------------------------------------------------------

/** Percent-decoding for reading; `+` is a space in query strings. Malformed escapes stay as they are. */
function decodeComponent(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

interface Segment {
  raw: string;
  name: string;
  value: string;
}

function splitParameters(query: string): Segment[] {
  return query
    .split("&")
    .filter((raw) => raw !== "")
    .map((raw) => {
      const equals = raw.indexOf("=");
      const rawName = equals === -1 ? raw : raw.slice(0, equals);
      const rawValue = equals === -1 ? "" : raw.slice(equals + 1);
      return { raw, name: decodeComponent(rawName), value: decodeComponent(rawValue) };
    });
}

/** A scheme at the start, but not `host:port` (a digit after the colon). */
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;

/** A host a person could mean: a dotted name, localhost, an IPv4 or an IPv6 address. */
function isPlausibleHost(hostname: string): boolean {
  if (hostname === "localhost" || hostname.startsWith("[")) return true;
  const labels = hostname.replace(/\.$/, "").split(".");
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

function parseInput(text: string): URL | string {
  let candidate = text;
  if (candidate.startsWith("//")) candidate = `https:${candidate}`;
  const scheme = SCHEME.exec(candidate)?.[1]?.toLowerCase();
  if (scheme === undefined) candidate = `https://${candidate}`;
  else if (scheme !== "http" && scheme !== "https") return SANITIZER_MESSAGES.notWeb;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return SANITIZER_MESSAGES.unparsable;
  }
  // The URL parser removes tabs and newlines anywhere, so check what it actually understood.
  if (url.protocol !== "http:" && url.protocol !== "https:") return SANITIZER_MESSAGES.notWeb;
  if (!isPlausibleHost(url.hostname)) return SANITIZER_MESSAGES.unparsable;
  return url;
}

// ---- Cleaning -----------------------------------------------------------------------------------

/** Amazon's `/ref=sr_1_3` as the last path segment: a navigation tag, not part of the address. */
function cleanAmazonPath(url: URL, removed: RemovedParameter[]): void {
  if (!isAmazon(url.hostname)) return;
  const match = /\/ref=([^/]*)\/?$/i.exec(url.pathname);
  if (!match || match.index === 0) return;
  removed.push({ name: "ref", value: decodeComponent(match[1] ?? ""), reason: "Amazon navigation tag (in the path)" });
  url.pathname = url.pathname.slice(0, match.index);
}

/** Strips tracking parameters from a fragment that is only parameters; any other fragment is kept. */
function cleanFragment(url: URL, removed: RemovedParameter[]): void {
  const fragment = url.hash.slice(1);
  // Text fragments and anchors are features; only `name=value&...` fragments are looked at.
  if (fragment.includes(":~:") || !/^[^/?#=&]+=[^#]*$/.test(fragment)) return;
  const segments = splitParameters(fragment);
  const kept: string[] = [];
  const dropped: RemovedParameter[] = [];
  for (const segment of segments) {
    const reason = trackingReason(segment.name, url.hostname, url.pathname);
    if (reason) dropped.push({ name: segment.name, value: segment.value, reason });
    else kept.push(segment.raw);
  }
  if (dropped.length === 0) return;
  removed.push(...dropped);
  url.hash = kept.join("&");
}

/**
 * Cleans one link. Input may lack the scheme (https:// is assumed) and may carry surrounding
 * whitespace. `original` is the link as parsed (normalised, with its scheme); `cleaned` is that
 * link without its tracking parts, identical to `original` when there was nothing to remove.
 */
export function sanitizeUrl(input: string): SanitizeResult {
  // Tabs and line breaks are dropped, as the URL parser itself does (a link wrapped in an email).
  const text = input.replace(/[\t\n\r]/g, "").trim();
  if (text.length > SANITIZER_MAX_LENGTH) return { ok: false, error: SANITIZER_MESSAGES.tooLong };
  const parsed = parseInput(text);
  if (typeof parsed === "string") return { ok: false, error: parsed };

  const url = parsed;
  const original = url.href;
  const removed: RemovedParameter[] = [];

  cleanAmazonPath(url, removed);

  const query = url.search.slice(1);
  if (query !== "") {
    const segments = splitParameters(query);
    const twitterEmbed = segments.some((segment) => segment.name.toLowerCase() === "ref_src");
    const kept: string[] = [];
    let changed = false;
    for (const segment of segments) {
      const reason = trackingReason(segment.name, url.hostname, url.pathname, twitterEmbed);
      if (reason) {
        removed.push({ name: segment.name, value: segment.value, reason });
        changed = true;
      } else {
        kept.push(segment.raw);
      }
    }
    if (changed) url.search = kept.join("&");
  }

  cleanFragment(url, removed);

  return { ok: true, original, cleaned: removed.length === 0 ? original : url.href, removed };
}
