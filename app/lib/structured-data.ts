/**
 * schema.org structured data shapes (spec section 3), rendered as JSON-LD via Remix meta.
 */
import { siteConfig } from "~/config/site";
import type { Plan, PlanMessage } from "~/content/plans";
import { languageTag, localizedPath, type Lang } from "~/lib/i18n/languages";
import { DEFAULT_APP_RATING } from "~/lib/constants";

/**
 * Each builder takes the canonical origin of the deployment (siteUrl, ~/lib/seo). A page in a
 * language passes it (and its words in that language): the data then says `inLanguage`.
 */
export function softwareApplicationData(
  siteUrl: string,
  rating: { value: number; count: number } = DEFAULT_APP_RATING,
  page?: { lang: Lang; description: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: siteConfig.appName,
    applicationCategory: "ProductivityApplication",
    operatingSystem: "iOS",
    description: page?.description ?? siteConfig.description,
    ...(page ? { inLanguage: languageTag(page.lang) } : {}),
    url: siteUrl,
    downloadUrl: siteConfig.appStoreUrl,
    offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    aggregateRating: { "@type": "AggregateRating", ratingValue: rating.value, ratingCount: rating.count },
  };
}

export function organizationData(siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteConfig.appName,
    url: siteUrl,
    logo: new URL("/favicon.svg", siteUrl).toString(),
    sameAs: [siteConfig.social.x.url, siteConfig.social.instagram.url],
  };
}

/** FAQPage from the questions a page renders, in its language (spec section 3: question and answer pairs). */
export function faqPageData(entries: readonly { question: string; answer: string }[], lang: Lang) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: languageTag(lang),
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  } as const;
}

export interface BlogPostingInput {
  title: string;
  description: string;
  datePublished: string;
  dateModified?: string;
  authorName: string;
  authorUrl?: string;
  image?: string;
  url: string;
}

export function blogPostingData(post: BlogPostingInput) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.description,
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    author: { "@type": "Person", name: post.authorName, ...(post.authorUrl ? { url: post.authorUrl } : {}) },
    ...(post.image ? { image: post.image } : {}),
    url: post.url,
    mainEntityOfPage: post.url,
  };
}

/** schema.org: the app with one Offer per plan (JSON-LD for /pricing), in the page's language. */
export function plansStructuredData(plans: readonly Plan[], siteUrl: string, lang: Lang, planText: (id: PlanMessage) => string) {
  const pricingUrl = new URL(localizedPath(lang, "/pricing"), siteUrl).toString();
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    inLanguage: languageTag(lang),
    name: siteConfig.appName,
    applicationCategory: "ProductivityApplication",
    operatingSystem: "iOS, iPadOS",
    url: pricingUrl,
    downloadUrl: siteConfig.appStoreUrl,
    offers: plans.map((plan) => {
      const price = plan.priceUsd.toFixed(2);
      return {
        "@type": "Offer",
        name: planText(plan.name),
        description: planText(plan.summary),
        price,
        priceCurrency: "USD",
        url: pricingUrl,
        availability: "https://schema.org/InStock",
        ...(plan.period
          ? {
              priceSpecification: {
                "@type": "UnitPriceSpecification",
                price,
                priceCurrency: "USD",
                billingDuration: plan.period === "month" ? "P1M" : "P1Y",
              },
            }
          : {}),
      };
    }),
  };
}
