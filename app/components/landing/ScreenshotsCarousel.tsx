/**
 * App screenshots: Home, Categories and Settings, auto-advancing every SCREENSHOTS_INTERVAL_MS with
 * play/pause, previous/next and dots (useCarousel). An image that fails to load is replaced by a
 * same-sized box naming the screen, so a missing file never shows as a broken image.
 */
import { useEffect, useRef, useState } from "react";
import { track } from "~/features/analytics/browser/track";
import { SCREENSHOTS_INTERVAL_MS } from "~/lib/constants";
import { Carousel, CarouselArrow, CarouselDot } from "~/components/ui/Carousel";
import { PlayPauseButton } from "~/components/ui/PlayPauseButton";
import { slideAttributes, useCarousel } from "~/hooks/useCarousel";
import { siteConfig } from "~/config/site";
import { useT } from "~/lib/i18n/react";

/** Intrinsic size of the screenshots (an iPhone screen in points); also their width/height attributes. */
const SHOT_WIDTH = 390;
const SHOT_HEIGHT = 844;

const SCREENS = [
  { id: "home", src: "/images/screenshots/home.svg" },
  { id: "categories", src: "/images/screenshots/categories.svg" },
  { id: "settings", src: "/images/screenshots/settings.svg" },
] as const;

export function ScreenshotsCarousel() {
  const carousel = useCarousel({ count: SCREENS.length, intervalMs: SCREENSHOTS_INTERVAL_MS });
  const { index, count, playing, advancing } = carousel;
  const t = useT();
  const text = (id: (typeof SCREENS)[number]["id"], part: "name" | "alt" | "title" | "body") =>
    t(`home.screenshots.screens.${id}.${part}`, { appName: siteConfig.appName });
  const [failed, setFailed] = useState<Record<string, boolean>>({});
  const images = useRef<(HTMLImageElement | null)[]>([]);

  // An image that failed before hydration fired its error event before React listened for it.
  useEffect(() => {
    const broken = SCREENS.filter((_, i) => {
      const img = images.current[i];
      return img?.complete && img.naturalWidth === 0;
    });
    if (broken.length) setFailed((f) => ({ ...f, ...Object.fromEntries(broken.map((s) => [s.id, true])) }));
  }, []);

  const show = (i: number) => {
    const target = ((i % count) + count) % count;
    carousel.goTo(target);
    const screen = SCREENS[target];
    if (screen) track("screenshot_click", { screen: screen.id });
  };

  return (
    <section id="screenshots" aria-labelledby="screenshots-heading" className="section">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">{t("home.screenshots.eyebrow")}</p>
          <h2 id="screenshots-heading" className="section-title">
            {t("home.screenshots.title")}
          </h2>
          <p className="section-lead">{t("home.screenshots.lead")}</p>
        </div>

        <Carousel carousel={carousel} label={t("home.screenshots.label")} name="screenshots" className="mx-auto mt-12 max-w-4xl">
          <div className="swipe-area overflow-hidden" aria-live={advancing ? "off" : "polite"} {...carousel.swipeProps}>
            <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
              {SCREENS.map((screen, i) => (
                <div
                  key={screen.id}
                  className="carousel-slide flex flex-col items-center gap-8 px-4 pt-2 pb-14 md:flex-row md:justify-center md:gap-14"
                  {...slideAttributes(i, index, count)}
                >
                  <div className="screenshot-frame">
                    {failed[screen.id] ? (
                      <div className="screenshot-fallback">
                        <span className="text-lg font-semibold text-ink">{text(screen.id, "name")}</span>
                        <span className="text-sm">{t("home.screenshots.unavailable")}</span>
                      </div>
                    ) : (
                      <img
                        ref={(el) => {
                          images.current[i] = el;
                        }}
                        src={screen.src}
                        alt={text(screen.id, "alt")}
                        width={SHOT_WIDTH}
                        height={SHOT_HEIGHT}
                        loading="lazy"
                        decoding="async"
                        draggable={false}
                        className="screenshot-image"
                        onError={() => setFailed((f) => ({ ...f, [screen.id]: true }))}
                      />
                    )}
                  </div>
                  <div className="max-w-sm text-center md:text-left">
                    <p className="text-sm font-semibold text-ink-muted">{text(screen.id, "name")}</p>
                    <h3 className="mt-1 text-2xl font-bold tracking-tight">{text(screen.id, "title")}</h3>
                    <p className="mt-3 leading-relaxed text-ink-muted">{text(screen.id, "body")}</p>
                  </div>
                </div>
              ))}
            </div>
          </div>

          <div className="flex items-center justify-center gap-2">
            <CarouselArrow direction="previous" label={t("home.screenshots.previous")} onClick={() => show(index - 1)} />
            <div className="flex items-center">
              {SCREENS.map((screen, i) => (
                <CarouselDot key={screen.id} label={t("home.screenshots.show", { screen: text(screen.id, "name") })} current={i === index} onSelect={() => show(i)} />
              ))}
            </div>
            <CarouselArrow direction="next" label={t("home.screenshots.next")} onClick={() => show(index + 1)} />
            <PlayPauseButton playing={playing} onToggle={carousel.togglePlaying} playLabel={t("home.screenshots.play")} pauseLabel={t("home.screenshots.pause")} />
          </div>
        </Carousel>
      </div>
    </section>
  );
}
