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

/** Intrinsic size of the screenshots (an iPhone screen in points); also their width/height attributes. */
const SHOT_WIDTH = 390;
const SHOT_HEIGHT = 844;

const SCREENS = [
  {
    id: "home",
    name: "Home",
    src: "/images/screenshots/home.svg",
    alt: "LinkVault Home screen: a search field, category filters and a list of saved links, newest first.",
    title: "Everything you saved, at a glance",
    body: "Your links, newest first, each with its category and when you saved it. Filter by category with one tap or search titles, notes and tags as you type.",
  },
  {
    id: "categories",
    name: "Categories",
    src: "/images/screenshots/categories.svg",
    alt: "LinkVault Categories screen: colour-coded category cards showing how many links each holds.",
    title: "Categories you shape yourself",
    body: "Name your categories, pick a colour and an icon, and see how many links each one holds. Reorder them so the ones you use most sit at the top.",
  },
  {
    id: "settings",
    name: "Settings",
    src: "/images/screenshots/settings.svg",
    alt: "LinkVault Settings screen: switches for cloud sync, link cleaning, smart reminders and AI suggestions.",
    title: "Privacy controls in plain words",
    body: "Choose whether to sync, which trackers to strip, when reminders arrive and whether AI suggests categories. Every switch says exactly what it does.",
  },
] as const;

export function ScreenshotsCarousel() {
  const carousel = useCarousel({ count: SCREENS.length, intervalMs: SCREENSHOTS_INTERVAL_MS });
  const { index, count, playing, advancing } = carousel;
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
          <p className="eyebrow">Screenshots</p>
          <h2 id="screenshots-heading" className="section-title">
            See it on your iPhone
          </h2>
          <p className="section-lead">Three screens you will use every day, exactly as they look in the app.</p>
        </div>

        <Carousel carousel={carousel} label="App screenshots" name="screenshots" className="mx-auto mt-12 max-w-4xl">
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
                        <span className="text-lg font-semibold text-ink">{screen.name}</span>
                        <span className="text-sm">Screenshot unavailable</span>
                      </div>
                    ) : (
                      <img
                        ref={(el) => {
                          images.current[i] = el;
                        }}
                        src={screen.src}
                        alt={screen.alt}
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
                    <p className="text-sm font-semibold text-ink-muted">{screen.name}</p>
                    <h3 className="mt-1 text-2xl font-bold tracking-tight">{screen.title}</h3>
                    <p className="mt-3 leading-relaxed text-ink-muted">{screen.body}</p>
                  </div>
                </div>
              ))}
            </div>
          </div>

          <div className="flex items-center justify-center gap-2">
            <CarouselArrow direction="previous" label="Previous screenshot" onClick={() => show(index - 1)} />
            <div className="flex items-center">
              {SCREENS.map((screen, i) => (
                <CarouselDot key={screen.id} label={`Show ${screen.name} screenshot`} current={i === index} onSelect={() => show(i)} />
              ))}
            </div>
            <CarouselArrow direction="next" label="Next screenshot" onClick={() => show(index + 1)} />
            <PlayPauseButton playing={playing} onToggle={carousel.togglePlaying} what="screenshots" />
          </div>
        </Carousel>
      </div>
    </section>
  );
}
