import { AppleIcon, CheckIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { lazy, Suspense, useEffect, useState } from "react";
import { cachedOnServer, staticIsland } from "~/components/islands";
import { Carousel, CarouselDot } from "~/components/ui/Carousel";

// The first screen is on the first paint as server HTML only; its code loads only when a client
// navigation renders the hero (a static island).
const MyLinksScreen = staticIsland("MyLinksScreen", () => import("./mock-screens/MyLinksScreen").then((m) => m.MyLinksScreen));

// Only the first screen is on the first paint; the others are drawn in HTML/CSS too, but are not
// needed until the visitor swipes, so their code loads when the page is idle.
const laterScreens = () => import("./mock-screens/later-screens");
const AddLinkScreen = lazy(() => laterScreens().then((m) => ({ default: m.AddLinkScreen })));
const CategoriesScreen = lazy(() => laterScreens().then((m) => ({ default: m.CategoriesScreen })));
const LinkDetailScreen = lazy(() => laterScreens().then((m) => ({ default: m.LinkDetailScreen })));
import { slideAttributes, useCarousel } from "~/hooks/useCarousel";
import { ProductTourCarousel } from "./ProductTourCarousel";

const CHECKLIST = [
  "Save links from any app with the share sheet",
  "Tracking parameters removed automatically",
  "Categories, tags and instant search",
  "Your library stays on your device",
] as const;

/** The phone demo's screens; the description stands in for the drawing for screen-reader users. */
const DEMO_SCREENS = [
  {
    name: "My Links",
    Screen: MyLinksScreen,
    description: "My Links: your saved links, newest first, with search and category filters.",
  },
  {
    name: "Add Link",
    Screen: AddLinkScreen,
    description: "Add Link: a new link with its trackers removed, a title, a category, tags and a weekend reminder.",
  },
  {
    name: "Categories",
    Screen: CategoriesScreen,
    description: "Categories: six colour-coded categories with the number of links in each.",
  },
  {
    name: "Link Detail",
    Screen: LinkDetailScreen,
    description: "Link Detail: the clean URL, tags and a note, with Open, Share, QR code and Remind actions.",
  },
] as const;

/** The phone-frame demo: moves only when asked (dots, swipe, arrow keys), never on a timer. */
function PhoneDemoCarousel() {
  const carousel = useCarousel({ count: DEMO_SCREENS.length });
  const { index, count } = carousel;
  // False on the server and during hydration (both render only the first screen).
  const [allScreens, setAllScreens] = useState(false);
  useEffect(() => {
    if (index !== 0) return setAllScreens(true);
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = whenIdle(() => setAllScreens(true));
    return () => cancel(handle);
  }, [index]);
  return (
    <Carousel carousel={carousel} label="App preview" name="hero-demo" className="flex flex-col items-center">
      <div className="phone-frame">
        <div
          className="phone-screen swipe-area"
          aria-live="polite"
          {...carousel.swipeProps}
          onPointerDown={(event) => {
            carousel.swipeProps.onPointerDown(event);
            // Keep receiving the pointer when a fast swipe leaves the screen before it ends.
            event.currentTarget.setPointerCapture?.(event.pointerId);
          }}
        >
          <div className="carousel-track h-full" style={{ transform: `translateX(-${index * 100}%)` }}>
            {DEMO_SCREENS.map(({ name, Screen, description }, i) => (
              <div key={name} className="carousel-slide h-full" {...slideAttributes(i, index, count)}>
                <p className="sr-only">{description}</p>
                <div className="h-full" aria-hidden="true">
                  {i === 0 ? (
                    <Screen />
                  ) : allScreens ? (
                    <Suspense fallback={null}>
                      <Screen />
                    </Suspense>
                  ) : null}
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
      <div className="mt-5 flex items-center gap-1">
        {DEMO_SCREENS.map(({ name }, i) => (
          <CarouselDot key={name} label={`Show ${name} screen`} current={i === index} onSelect={() => carousel.goTo(i)} />
        ))}
      </div>
      <p className="mt-1 text-sm text-ink-muted" aria-hidden="true">
        {DEMO_SCREENS[index]?.name} · swipe to explore
      </p>
    </Carousel>
  );
}

export interface HeroSectionProps {
  headline?: string;
  ctaLabel?: string;
}

function Hero({
  headline = "Organize Your Digital World Intelligently",
  ctaLabel = "Download on App Store",
}: HeroSectionProps) {
  return (
    <section aria-labelledby="hero-heading" className="hero">
      <div className="container-page py-14 lg:py-20">
        <div className="grid items-center gap-12 lg:grid-cols-[1.1fr_0.9fr]">
          <div>
            <p className="eyebrow">Now in beta · iPhone &amp; iPad</p>
            <h1 id="hero-heading" className="hero-title">
              {headline}
            </h1>
            <p className="section-lead max-w-xl">
              {siteConfig.appName} keeps every article, video and recipe you save in one calm, searchable place, with
              the trackers stripped out and nothing sent to anyone.
            </p>
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {CHECKLIST.map((item) => (
                <li key={item} className="flex items-start gap-3">
                  <span className="check-bubble">
                    <CheckIcon width={16} height={16} />
                  </span>
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <a
                className="btn btn-primary btn-lg"
                href={siteConfig.appStoreUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                <AppleIcon />
                {ctaLabel}
              </a>
              <a className="btn btn-secondary btn-lg" href="#waitlist">
                Join the beta
              </a>
            </div>
          </div>
          <PhoneDemoCarousel />
        </div>
        <ProductTourCarousel className="mx-auto mt-12 max-w-4xl lg:mt-16" />
      </div>
    </section>
  );
}

/**
 * The hero: hydrated on load, but its server HTML depends only on the two A/B labels, so the server
 * renders it once per isolate for each pair and reuses it (ADR 0035).
 */
export const HeroSection = cachedOnServer("HeroSection", Hero);
