/**
 * The spec's "header carousel": a compact product tour inside the hero (Home Screen, Add Link,
 * Categories, Link Detail). Auto-advances every HEADER_CAROUSEL_INTERVAL_MS unless paused, pauses
 * on hover and focus, swipes, and answers ArrowLeft/ArrowRight; all of that comes from useCarousel.
 */
import { Carousel, CarouselArrow, CarouselDot } from "~/components/ui/Carousel";
import { PlayPauseButton } from "~/components/ui/PlayPauseButton";
import { slideAttributes, useCarousel } from "~/hooks/useCarousel";
import { HEADER_CAROUSEL_INTERVAL_MS } from "~/lib/constants";
import { useT } from "~/lib/i18n/react";

const SLIDES = [
  { id: "home", icon: "M4 6h16M4 12h16M4 18h10" },
  { id: "addLink", icon: "M12 5v14M5 12h14" },
  { id: "categories", icon: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" },
  {
    id: "linkDetail",
    icon: "M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5",
  },
] as const;

export function ProductTourCarousel({ className = "" }: { className?: string }) {
  const carousel = useCarousel({ count: SLIDES.length, intervalMs: HEADER_CAROUSEL_INTERVAL_MS });
  const { index, count, advancing, playing } = carousel;
  const t = useT();
  const title = (id: (typeof SLIDES)[number]["id"]) => t(`home.tour.slides.${id}.title`);

  return (
    <Carousel carousel={carousel} label={t("home.tour.heading")} name="tour" className={`card tour-carousel ${className}`}>
      <div className="flex items-center gap-2">
        <h2 className="eyebrow">{t("home.tour.heading")}</h2>
        <div className="ml-auto flex items-center gap-1">
          <CarouselArrow direction="previous" label={t("home.tour.previous")} onClick={carousel.prev} />
          <PlayPauseButton playing={playing} onToggle={carousel.togglePlaying} playLabel={t("home.tour.play")} pauseLabel={t("home.tour.pause")} />
          <CarouselArrow direction="next" label={t("home.tour.next")} onClick={carousel.next} />
        </div>
      </div>

      <div className="swipe-area mt-1 overflow-hidden" aria-live={advancing ? "off" : "polite"} {...carousel.swipeProps}>
        <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {SLIDES.map((slide, i) => (
            <div key={slide.id} className="carousel-slide flex items-start gap-4 py-2" {...slideAttributes(i, index, count)}>
              <span className="tour-icon">
                <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d={slide.icon} />
                </svg>
              </span>
              <div className="min-w-0">
                <h3 className="text-lg font-bold tracking-tight">{title(slide.id)}</h3>
                <p className="mt-1 text-[0.9375rem] leading-relaxed text-ink-muted">{t(`home.tour.slides.${slide.id}.caption`)}</p>
              </div>
            </div>
          ))}
        </div>
      </div>

      <div className="mt-3 grid grid-cols-4 gap-2">
        {SLIDES.map((slide, i) => (
          <CarouselDot key={slide.id} className="tour-step" label={t("home.tour.showSlide", { slide: title(slide.id) })} current={i === index} onSelect={() => carousel.goTo(i)}>
            <span className="tour-step-bar" aria-hidden="true">
              {i === index ? (
                <span
                  key={`${index}-${advancing}`}
                  className={advancing ? "tour-step-fill is-running" : "tour-step-fill"}
                  style={advancing ? { animationDuration: `${HEADER_CAROUSEL_INTERVAL_MS}ms` } : undefined}
                />
              ) : null}
            </span>
            <span className="tour-step-label">{title(slide.id)}</span>
          </CarouselDot>
        ))}
      </div>
    </Carousel>
  );
}
