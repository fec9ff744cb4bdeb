import { AppleIcon } from "~/components/ui/icons";
import { siteConfig } from "~/config/site";
import { lazy, Suspense, useEffect, useState } from "react";
import { cachedOnServer, staticIsland } from "~/components/islands";
import { Carousel, CarouselDot } from "~/components/ui/Carousel";

// The first screen is on the first paint as server HTML only; its code loads only when a client
// navigation renders the hero (a static island).
const MyLinksScreen = staticIsland("MyLinksScreen", () => import("./mock-screens/MyLinksScreen").then((m) => m.MyLinksScreen));

// Only the first screen is on the first paint; the others are drawn in HTML/CSS too, but are not
// needed until the visitor turns to the demo, so their code loads when the page is idle.
const laterScreens = () => import("./mock-screens/later-screens");
const AddLinkScreen = lazy(() => laterScreens().then((m) => ({ default: m.AddLinkScreen })));
const CategoriesScreen = lazy(() => laterScreens().then((m) => ({ default: m.CategoriesScreen })));
const LinkDetailScreen = lazy(() => laterScreens().then((m) => ({ default: m.LinkDetailScreen })));
import { slideAttributes, useCarousel } from "~/hooks/useCarousel";
import { useT } from "~/lib/i18n/react";
import { ProductTourCarousel } from "./ProductTourCarousel";

const CHECKLIST = ["shareSheet", "trackers", "organise", "onDevice"] as const;

/** The phone demo's screens; each one's description (home.hero.demo.screens.<id>) stands in for its drawing for screen-reader users. */
const DEMO_SCREENS = [
  { id: "myLinks", Screen: MyLinksScreen },
  { id: "addLink", Screen: AddLinkScreen },
  { id: "categories", Screen: CategoriesScreen },
  { id: "linkDetail", Screen: LinkDetailScreen },
] as const;

/** The phone-frame demo: moves only when asked (dots, swipe, arrow keys), never on a timer. */
function PhoneDemoCarousel() {
  const carousel = useCarousel({ count: DEMO_SCREENS.length });
  const { index, count } = carousel;
  const t = useT();
  const screenName = (id: (typeof DEMO_SCREENS)[number]["id"]) => t(`home.hero.demo.screens.${id}.name`);
  // False on the server and during hydration (both render only the first screen). The other screens
  // are drawn once the visitor turns to the demo (a pointer over or on it, focus in it): drawn at load,
  // they took 15-20 ms of a first visit's main thread (their plurals start Intl) for every visitor.
  const [allScreens, setAllScreens] = useState(false);
  // Every way to move the demo (dots, swipe, arrow keys) starts with one of these.
  const showAllScreens = () => setAllScreens(true);
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = whenIdle(() => void laterScreens());
    return () => cancel(handle);
  }, []);
  return (
    <div className="contents" onPointerEnter={showAllScreens} onPointerDown={showAllScreens} onFocusCapture={showAllScreens}>
      <Carousel carousel={carousel} label={t("home.hero.demo.label")} name="hero-demo" className="flex flex-col items-center">
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
              {DEMO_SCREENS.map(({ id, Screen }, i) => (
                <div key={id} className="carousel-slide h-full" {...slideAttributes(i, index, count)}>
                  <p className="sr-only">{t(`home.hero.demo.screens.${id}.description`)}</p>
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
          {DEMO_SCREENS.map(({ id }, i) => (
            <CarouselDot key={id} label={t("home.hero.demo.showScreen", { screen: screenName(id) })} current={i === index} onSelect={() => carousel.goTo(i)} />
          ))}
        </div>
        <p className="mt-1 text-sm text-ink-muted" aria-hidden="true">
          {t("home.hero.demo.swipeHint", { screen: screenName(DEMO_SCREENS[index]!.id) })}
        </p>
      </Carousel>
    </div>
  );
}

export interface HeroSectionProps {
  /** The visitor's A/B variants, in the page's language (the landing loader's abLabels). */
  headline: string;
  ctaLabel: string;
}

function Hero({ headline, ctaLabel }: HeroSectionProps) {
  const t = useT();
  return (
    <section aria-labelledby="hero-heading" className="hero">
      <div className="container-page py-14 lg:py-20">
        <div className="grid items-center gap-12 lg:grid-cols-[1.1fr_0.9fr]">
          <div>
            <p className="eyebrow">{t("home.hero.eyebrow")}</p>
            <h1 id="hero-heading" className="hero-title">
              {headline}
            </h1>
            <p className="section-lead max-w-xl">{t("home.hero.lead", { appName: siteConfig.appName })}</p>
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {CHECKLIST.map((item) => (
                <li key={item} className="flex items-start gap-3">
                  <span className="check-bubble" />
                  <span>{t(`home.hero.checklist.${item}`)}</span>
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
                {t("home.hero.joinBeta")}
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
