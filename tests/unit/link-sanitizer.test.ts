import { describe, expect, it } from "vitest";
import { sanitizeUrl, SANITIZER_MAX_LENGTH, SANITIZER_MESSAGES, trackingReason } from "~/lib/link-sanitizer";

interface Case {
  title: string;
  input: string;
  cleaned: string;
  /** Removed names, in the order they appear in the link. */
  removed: string[];
}

/** Real-world-shaped links and exactly what cleaning must give. */
const CASES: Case[] = [
  {
    title: "Facebook shared link with fbclid",
    input: "https://www.theverge.com/2024/5/1/24145678/apple-ipad-event?fbclid=IwAR2xK9dQ7vLmZ3pTq8_aem_AbCdEf",
    cleaned: "https://www.theverge.com/2024/5/1/24145678/apple-ipad-event",
    removed: ["fbclid"],
  },
  {
    title: "Facebook post shared with mibextid",
    input: "https://www.facebook.com/share/p/1AbCdEfGh/?mibextid=WC7FNe",
    cleaned: "https://www.facebook.com/share/p/1AbCdEfGh/",
    removed: ["mibextid"],
  },
  {
    title: "Google Ads landing page with gclid and UTM, keeping the product id",
    input:
      "https://shop.example.com/landing/spring-sale?utm_source=google&utm_medium=cpc&utm_campaign=spring_sale_2025&utm_term=running%20shoes&utm_content=ad_variant_b&id=4471&gclid=Cj0KCQjw8MG1BhCoARIsAHxSiQ_wcB",
    cleaned: "https://shop.example.com/landing/spring-sale?id=4471",
    removed: ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid"],
  },
  {
    title: "Google Ads iOS click ids and click source",
    input: "https://www.example.com/app?gbraid=0AAAAADcvmyR&wbraid=CkcKCQjw&gclsrc=aw.ds&plan=pro",
    cleaned: "https://www.example.com/app?plan=pro",
    removed: ["gbraid", "wbraid", "gclsrc"],
  },
  {
    title: "Mailchimp newsletter link with mc_cid and mc_eid",
    input: "https://blog.example.org/posts/slow-software/?mc_cid=8f1e2d3c4b&mc_eid=a1b2c3d4e5",
    cleaned: "https://blog.example.org/posts/slow-software/",
    removed: ["mc_cid", "mc_eid"],
  },
  {
    title: "HubSpot email with _hsenc, _hsmi and UTM",
    input:
      "https://www.example.com/webinar?utm_campaign=Q2%20Webinar&utm_medium=email&_hsmi=312345678&_hsenc=p2ANqtz-8Xy_AbC123-dEf456&utm_source=hs_email",
    cleaned: "https://www.example.com/webinar",
    removed: ["utm_campaign", "utm_medium", "_hsmi", "_hsenc", "utm_source"],
  },
  {
    title: "HubSpot cross-domain visitor cookies and CTA tracking",
    input: "https://example.com/pricing?__hstc=20629287.abc.1700000000000.1700000000000.1700000000000.1&__hssc=20629287.1.1700000000000&__hsfp=12345&hsCtaTracking=abc-123%7Cdef",
    cleaned: "https://example.com/pricing",
    removed: ["__hstc", "__hssc", "__hsfp", "hsCtaTracking"],
  },
  {
    title: "Instagram post shared with igsh",
    input: "https://www.instagram.com/p/C5xYz12AbCd/?igsh=MWQ1ZGUxMzBkMA==",
    cleaned: "https://www.instagram.com/p/C5xYz12AbCd/",
    removed: ["igsh"],
  },
  {
    title: "Instagram reel shared with the older igshid",
    input: "https://www.instagram.com/reel/C6AbCdEfGhI/?igshid=NTc4MTIwNjQ2YQ%3D%3D&utm_source=ig_web_copy_link",
    cleaned: "https://www.instagram.com/reel/C6AbCdEfGhI/",
    removed: ["igshid", "utm_source"],
  },
  {
    title: "YouTube watch link: si removed, v and t kept",
    input: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&si=Xq1b2C3d4E5f6G7h&t=42s",
    cleaned: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    removed: ["si"],
  },
  {
    title: "youtu.be short link from the share sheet",
    input: "https://youtu.be/dQw4w9WgXcQ?si=Xq1b2C3d4E5f6G7h&t=120",
    cleaned: "https://youtu.be/dQw4w9WgXcQ?t=120",
    removed: ["si"],
  },
  {
    title: "Spotify track with si",
    input: "https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT?si=1a2b3c4d5e6f4a7b",
    cleaned: "https://open.spotify.com/track/4cOdK2wGLETKBW3PvgPWqT",
    removed: ["si"],
  },
  {
    title: "si on any other site is kept (it may be real)",
    input: "https://maps.example.com/search?si=12&q=cafe",
    cleaned: "https://maps.example.com/search?si=12&q=cafe",
    removed: [],
  },
  {
    title: "TikTok video shared from the app",
    input: "https://www.tiktok.com/@nasa/video/7301234567890123456?is_from_webapp=1&sender_device=pc&_r=1&_t=8hXyZAbCdE&lang=en",
    cleaned: "https://www.tiktok.com/@nasa/video/7301234567890123456?lang=en",
    removed: ["is_from_webapp", "sender_device", "_r", "_t"],
  },
  {
    title: "TikTok Ads landing page with ttclid",
    input: "https://store.example.com/products/mug?variant=39912&ttclid=E.C.P.CsYBAbCdEf123",
    cleaned: "https://store.example.com/products/mug?variant=39912",
    removed: ["ttclid"],
  },
  {
    title: "LinkedIn Ads landing page with li_fat_id",
    input: "https://www.example.com/whitepaper?li_fat_id=2c4d9a3e-1f2b-4c5d-8e9f-0a1b2c3d4e5f&utm_source=linkedin&utm_medium=paid",
    cleaned: "https://www.example.com/whitepaper",
    removed: ["li_fat_id", "utm_source", "utm_medium"],
  },
  {
    title: "Twitter embed with ref_src and ref_url",
    input: "https://twitter.com/nasa/status/1781234567890123456?ref_src=twsrc%5Etfw%7Ctwcamp%5Etweetembed&ref_url=https%3A%2F%2Fnews.example.com%2Fspace",
    cleaned: "https://twitter.com/nasa/status/1781234567890123456",
    removed: ["ref_src", "ref_url"],
  },
  {
    title: "X Ads click id",
    input: "https://example.com/launch?twclid=2-abc123def456",
    cleaned: "https://example.com/launch",
    removed: ["twclid"],
  },
  {
    title: "Microsoft Advertising click id",
    input: "https://www.example.com/?msclkid=0f1e2d3c4b5a69788796a5b4c3d2e1f0&utm_source=bing",
    cleaned: "https://www.example.com/",
    removed: ["msclkid", "utm_source"],
  },
  {
    title: "Amazon product from search: path ref, breadcrumbs and pd_rd_* removed, variant kept",
    input:
      "https://www.amazon.com/Echo-Dot-5th-Gen/dp/B09B8V1LZ3/ref=sr_1_3?crid=2M9QX&keywords=echo+dot&qid=1700000000&sprefix=echo%2Caps%2C150&sr=8-3&th=1&psc=1",
    cleaned: "https://www.amazon.com/Echo-Dot-5th-Gen/dp/B09B8V1LZ3?th=1&psc=1",
    removed: ["ref", "crid", "keywords", "qid", "sprefix", "sr"],
  },
  {
    title: "Amazon recommendation link with pd_rd_* and pf_rd_*",
    input:
      "https://www.amazon.co.uk/dp/B0C1H26C46/ref=pd_ci_mcx_mh_mcx_views_0?pd_rd_w=AbC12&content-id=amzn1.sym.1234&pf_rd_p=5678-90&pf_rd_r=QWERTY&pd_rd_wg=XyZ98&pd_rd_r=abc-def&pd_rd_i=B0C1H26C46",
    cleaned: "https://www.amazon.co.uk/dp/B0C1H26C46",
    removed: ["ref", "pd_rd_w", "content-id", "pf_rd_p", "pf_rd_r", "pd_rd_wg", "pd_rd_r", "pd_rd_i"],
  },
  {
    title: "Amazon search keeps its query",
    input: "https://www.amazon.de/s?k=usb+c+kabel&ref=nb_sb_noss",
    cleaned: "https://www.amazon.de/s?k=usb+c+kabel",
    removed: ["ref"],
  },
  {
    title: "ref elsewhere is kept (a GitHub branch)",
    input: "https://github.com/remix-run/remix/tree/main?ref=dev",
    cleaned: "https://github.com/remix-run/remix/tree/main?ref=dev",
    removed: [],
  },
  {
    title: "a link with only tracking parameters loses its ?",
    input: "https://example.com/article?utm_source=newsletter&utm_medium=email&fbclid=abc",
    cleaned: "https://example.com/article",
    removed: ["utm_source", "utm_medium", "fbclid"],
  },
  {
    title: "a link without tracking is unchanged",
    input: "https://en.wikipedia.org/wiki/Uniform_Resource_Locator?action=history&offset=20",
    cleaned: "https://en.wikipedia.org/wiki/Uniform_Resource_Locator?action=history&offset=20",
    removed: [],
  },
  {
    title: "kept values keep their exact encoding and order",
    input: "https://search.example.com/find?q=caf%C3%A9+au+lait&utm_source=x&path=%2Fa%2Fb&empty=&flag&n=1%2B1",
    cleaned: "https://search.example.com/find?q=caf%C3%A9+au+lait&path=%2Fa%2Fb&empty=&flag&n=1%2B1",
    removed: ["utm_source"],
  },
  {
    title: "repeated keys are all removed",
    input: "https://example.com/?utm_source=a&page=2&utm_source=b&fbclid=1&fbclid=2",
    cleaned: "https://example.com/?page=2",
    removed: ["utm_source", "utm_source", "fbclid", "fbclid"],
  },
  {
    title: "upper-case UTM_SOURCE and a percent-encoded name",
    input: "https://example.com/news?UTM_SOURCE=Twitter&Utm_Medium=social&utm%5Fcampaign=launch&id=7",
    cleaned: "https://example.com/news?id=7",
    removed: ["UTM_SOURCE", "Utm_Medium", "utm_campaign"],
  },
  {
    title: "a text fragment is kept",
    input: "https://developer.mozilla.org/en-US/docs/Web/URI/Fragment/Text_fragments?utm_source=mdn#:~:text=without%20needing,an%20ID",
    cleaned: "https://developer.mozilla.org/en-US/docs/Web/URI/Fragment/Text_fragments#:~:text=without%20needing,an%20ID",
    removed: ["utm_source"],
  },
  {
    title: "an anchor fragment is kept",
    input: "https://docs.example.com/guide?gclid=abc#installation",
    cleaned: "https://docs.example.com/guide#installation",
    removed: ["gclid"],
  },
  {
    title: "a fragment made only of tracking is removed",
    input: "https://www.lemonde.fr/economie/article/2025/01/02/titre.html#xtor=RSS-3208",
    cleaned: "https://www.lemonde.fr/economie/article/2025/01/02/titre.html",
    removed: ["xtor"],
  },
  {
    title: "a missing scheme becomes https and surrounding spaces go",
    input: "   example.com/blog/post?utm_source=reddit&sort=new  ",
    cleaned: "https://example.com/blog/post?sort=new",
    removed: ["utm_source"],
  },
  {
    title: "Matomo, Marketo, Yandex, Pinterest and Google Shopping ids",
    input: "https://shop.example.net/item/42?pk_campaign=spring&pk_kwd=mug&mtm_source=nl&mkt_tok=NzEx&yclid=123&epik=dj0y&srsltid=AfmBOo&color=blue",
    cleaned: "https://shop.example.net/item/42?color=blue",
    removed: ["pk_campaign", "pk_kwd", "mtm_source", "mkt_tok", "yclid", "epik", "srsltid"],
  },
  {
    title: "Google Analytics linker, Adobe and email tools",
    input: "https://example.com/signup?_gl=1*abc*_ga*MTIz&_ga=2.1234.5678&s_cid=em_123&vero_id=42&vero_conv=abc&oly_enc_id=9Z&oly_anon_id=7Y&ncid=txtlnkusaolp",
    cleaned: "https://example.com/signup",
    removed: ["_gl", "_ga", "s_cid", "vero_id", "vero_conv", "oly_enc_id", "oly_anon_id", "ncid"],
  },
  {
    title: "AliExpress spm and scm, keeping the sku",
    input: "https://www.aliexpress.com/item/1005006.html?spm=a2g0o.productlist.main.1&scm=1007.40000.1234&sku_id=1200",
    cleaned: "https://www.aliexpress.com/item/1005006.html?sku_id=1200",
    removed: ["spm", "scm"],
  },
  {
    title: "http links stay http and keep their port",
    input: "http://intranet.example.com:8080/wiki?wickedid=abc&rb_clickid=9&sr_share=facebook&dclid=CJ&ga_source=nl&_openstat=dGVzdA",
    cleaned: "http://intranet.example.com:8080/wiki",
    removed: ["wickedid", "rb_clickid", "sr_share", "dclid", "ga_source", "_openstat"],
  },
];

describe("sanitizeUrl: real-world links", () => {
  it("has a table of at least 30 links", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)("$title", ({ input, cleaned, removed }) => {
    const result = sanitizeUrl(input);
    if (!result.ok) throw new Error(`refused: ${result.error}`);
    expect(result.cleaned).toBe(cleaned);
    expect(result.removed.map((r) => r.name)).toEqual(removed);
    for (const entry of result.removed) expect(entry.reason.length).toBeGreaterThan(0);
  });
});

describe("sanitizeUrl: details", () => {
  it("gives each removed parameter its decoded value and a human reason", () => {
    const result = sanitizeUrl("https://example.com/?utm_source=spring%20news&gclid=Cj0K&ref_src=twsrc%5Etfw");
    expect(result).toEqual({
      ok: true,
      original: "https://example.com/?utm_source=spring%20news&gclid=Cj0K&ref_src=twsrc%5Etfw",
      cleaned: "https://example.com/",
      removed: [
        { name: "utm_source", value: "spring news", reason: "Campaign tracking (UTM)" },
        { name: "gclid", value: "Cj0K", reason: "Google Ads click identifier" },
        { name: "ref_src", value: "twsrc^tfw", reason: "X (Twitter) embed referral tracking" },
      ],
    });
  });

  it("reports the original with the https:// it assumed", () => {
    const result = sanitizeUrl("youtu.be/abc?si=x");
    expect(result).toMatchObject({ ok: true, original: "https://youtu.be/abc?si=x", cleaned: "https://youtu.be/abc" });
  });

  it("returns an unchanged link exactly when nothing is removed", () => {
    const link = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s";
    expect(sanitizeUrl(link)).toEqual({ ok: true, original: link, cleaned: link, removed: [] });
  });

  it("keeps a malformed escape in a kept value as it was", () => {
    const result = sanitizeUrl("https://example.com/?q=100%&fbclid=1");
    expect(result).toMatchObject({ ok: true, cleaned: "https://example.com/?q=100%" });
  });

  it("joins a link broken over lines", () => {
    const result = sanitizeUrl("https://example.com/a-long-\narticle?utm_source=x");
    expect(result).toMatchObject({ ok: true, cleaned: "https://example.com/a-long-article" });
  });

  it("accepts localhost with a port and protocol-relative links", () => {
    expect(sanitizeUrl("localhost:3000/x?gclid=1")).toMatchObject({ ok: true, cleaned: "https://localhost:3000/x" });
    expect(sanitizeUrl("//example.com/?fbclid=1&a=b")).toMatchObject({ ok: true, cleaned: "https://example.com/?a=b" });
  });

  it("keeps utm_ on its own and parameters that merely look similar", () => {
    const link = "https://example.com/?utm_=1&refs=2&sid=3&fbclid_note=4&sr=5&keywords=6";
    expect(sanitizeUrl(link)).toMatchObject({ ok: true, cleaned: link, removed: [] });
  });

  it("only strips Amazon search breadcrumbs on product pages", () => {
    expect(trackingReason("qid", "www.amazon.com", "/dp/B000")).toBe("Amazon search breadcrumb");
    expect(trackingReason("qid", "www.amazon.com", "/s")).toBeNull();
    expect(trackingReason("pd_rd_w", "amazon.evil.example", "/dp/B000")).toBeNull();
  });
});

describe("sanitizeUrl: refusals", () => {
  it.each([
    "javascript:alert(document.cookie)",
    "  JavaScript:void(0)",
    "java\nscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "file:///etc/passwd",
    "ftp://files.example.com/a.zip",
    "mailto:someone@example.com",
  ])("refuses the non-web link %j", (input) => {
    expect(sanitizeUrl(input)).toEqual({ ok: false, error: SANITIZER_MESSAGES.notWeb });
    expect(SANITIZER_MESSAGES.notWeb).toBe("Only web links (http or https) can be cleaned.");
  });

  it.each(["", "   ", "garbage", "hello world", "https://", "http://exa mple.com", "https://.com", "not a link at all!"])(
    "refuses %j as not a link",
    (input) => {
      expect(sanitizeUrl(input)).toEqual({ ok: false, error: "That doesn't look like a link. Paste a full web address." });
    },
  );

  it("refuses links over 2,048 characters", () => {
    const long = `https://example.com/?q=${"a".repeat(SANITIZER_MAX_LENGTH)}`;
    expect(sanitizeUrl(long)).toEqual({ ok: false, error: "That link is too long to clean here (2,048 characters at most)." });
    const exact = `https://example.com/?q=${"a".repeat(SANITIZER_MAX_LENGTH - 23)}`;
    expect(exact).toHaveLength(SANITIZER_MAX_LENGTH);
    expect(sanitizeUrl(exact).ok).toBe(true);
  });
});
