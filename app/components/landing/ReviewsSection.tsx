import { useState } from "react";
import { Carousel, CarouselArrow } from "~/components/ui/Carousel";
import { MARKETING_CLAIMS, siteConfig } from "~/config/site";
import { useCarousel } from "~/hooks/useCarousel";
import { useItemsPerPage } from "~/hooks/useItemsPerPage";
import { REVIEWS_ROTATE_MS } from "~/lib/constants";
import { useT } from "~/lib/i18n/react";
import type { PublicReview } from "~/lib/reviews.server";

const PLATFORM_NAMES = {
  app_store: "appStore",
  reddit: "reddit",
  other: "other",
} as const satisfies Record<PublicReview["authorPlatform"], string>;

/**
 * 'Loved by All' (spec sections 2 and 4). Rendered on the server with the reviews in place (no
 * spinner); hidden entirely when the loader says so (reviews === null).
 */
export function ReviewsSection({ reviews }: { reviews: PublicReview[] | null }) {
  if (!reviews || reviews.length === 0) return null;
  return <ReviewsCarousel reviews={reviews} />;
}

function ReviewsCarousel({ reviews }: { reviews: PublicReview[] }) {
  const measured = useItemsPerPage();
  const perPage = Math.min(measured ?? 1, reviews.length);
  const rotates = measured !== null && reviews.length > perPage;
  const carousel = useCarousel({ count: reviews.length, intervalMs: rotates ? REVIEWS_ROTATE_MS : undefined });
  // Slides fade in only once the carousel has moved: on the first paint there is nothing to
  // announce, and a fade then would still be running whenever the section first renders (off-screen
  // sections render late, ADR 0028), leaving the text faint for a moment.
  const [moved, setMoved] = useState(false);
  if (carousel.index !== 0 && !moved) setMoved(true);
  // The window starts at the current index and wraps around the list.
  const ordered = reviews.map((_, i) => reviews[(carousel.index + i) % reviews.length]!);
  const columns = Math.min(4, reviews.length);
  const t = useT();
  const days = MARKETING_CLAIMS.freeTrialDays;

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="section">
      <div className="container-page">
        <div className="mx-auto max-w-3xl text-center">
          <p className="eyebrow">{t("landingReviews.eyebrow")}</p>
          <h2 id="reviews-heading" className="section-title">
            {t("landingReviews.title")}
          </h2>
          <p className="section-lead">{t("landingReviews.lead")}</p>
          <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-4">
            <div className="stat">
              <dt>{t("landingReviews.averageRating")}</dt>
              <dd>{MARKETING_CLAIMS.averageRating}</dd>
            </div>
            <div className="stat">
              <dt>{t("landingReviews.happyUsers")}</dt>
              <dd>{MARKETING_CLAIMS.users}</dd>
            </div>
            <div className="stat">
              <dt>{t("landingReviews.freeTrial")}</dt>
              <dd>{t("landingReviews.freeTrialLength", { days })}</dd>
            </div>
            <div className="stat">
              <dt>{t("landingReviews.creditCard")}</dt>
              <dd>{t("landingReviews.creditCardNotNeeded")}</dd>
            </div>
          </dl>
        </div>

        <Carousel carousel={carousel} label={t("landingReviews.label")} className="mt-12">
          <div className="flex items-center justify-end gap-2">
            <CarouselArrow direction="previous" className="icon-button" label={t("landingReviews.previous")} onClick={carousel.prev} disabled={!rotates} />
            <CarouselArrow direction="next" className="icon-button" label={t("landingReviews.next")} onClick={carousel.next} disabled={!rotates} />
          </div>
          <ul
            className="reviews-track mt-4"
            style={{ "--review-columns": columns } as React.CSSProperties}
            aria-live={carousel.advancing ? "off" : "polite"}
            data-testid="reviews-track"
            data-moved={moved || undefined}
            {...carousel.swipeProps}
          >
            {ordered.map((review, position) => {
              const hidden = measured !== null && position >= perPage;
              return (
                <li
                  key={review.id}
                  className="review-slide"
                  aria-roledescription="slide"
                  aria-label={t("home.slidePosition", { index: position + 1, count: reviews.length })}
                  aria-hidden={hidden || undefined}
                  data-visible={hidden ? "false" : "true"}
                >
                  <ReviewCard review={review} />
                </li>
              );
            })}
          </ul>
        </Carousel>

        <div className="mt-12 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <a className="btn btn-primary btn-lg" href={siteConfig.appStoreUrl} target="_blank" rel="noopener noreferrer">
            {t("landingReviews.startTrial")}
          </a>
          <a className="btn btn-secondary btn-lg" href="#how-it-works">
            {t("landingReviews.watchDemo")}
          </a>
        </div>
        <p className="mt-3 text-center text-sm text-ink-muted">
          {t("landingReviews.trialNote", { days })}
        </p>
      </div>
    </section>
  );
}

function ReviewCard({ review }: { review: PublicReview }) {
  const t = useT();
  return (
    <figure className="card flex h-full flex-col p-6">
      {review.rating ? (
        // One element drawn by CSS: five inline SVGs per card were a tenth of the landing page's DOM.
        <span
          className="rating-stars text-amber-500"
          style={{ "--rating": review.rating } as React.CSSProperties}
          role="img"
          aria-label={t("landingReviews.rated", { rating: review.rating })}
        />
      ) : null}
      <blockquote className="mt-4 flex-1">
        <p className="font-semibold">{review.title}</p>
        <p className="mt-2 text-ink-muted">{review.content}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {review.imageUrl ? (
          <img src={review.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span className="avatar" aria-hidden="true">
            {review.authorName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span>
          <span className="block font-semibold">{review.authorName}</span>
          <span className="text-sm text-ink-muted">{t(`landingReviews.platform.${PLATFORM_NAMES[review.authorPlatform]}`)}</span>
        </span>
      </figcaption>
    </figure>
  );
}
