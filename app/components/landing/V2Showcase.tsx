/**
 * The V2 showcase: six version-2 features as a tabbed carousel. The feature list is a tablist
 * (arrow keys, Home, End); the auto-play switch rotates every V2_SHOWCASE_INTERVAL_MS. Every
 * feature a visitor picks is tracked as feature_card_click; automatic rotation is not.
 */
import { useRef, type KeyboardEvent } from "react";
import { useCarousel } from "~/hooks/useCarousel";
import { track } from "~/features/analytics/browser/track";
import { V2_SHOWCASE_INTERVAL_MS } from "~/lib/constants";
import { Carousel, CarouselArrow } from "~/components/ui/Carousel";
import { Icon } from "~/components/ui/icons";
import type { V2Feature } from "~/content/v2-features";
import { useT } from "~/lib/i18n/react";


function FeatureIcon({ path, className = "" }: { path: string; className?: string }) {
  return (
    <Icon className={className} strokeWidth={1.8} width={undefined} height={undefined}>
      <path d={path} />
    </Icon>
  );
}

export function V2Showcase({ features: FEATURES }: { features: readonly V2Feature[] }) {
  const carousel = useCarousel({ count: FEATURES.length, intervalMs: V2_SHOWCASE_INTERVAL_MS });
  const { index, count, playing, advancing } = carousel;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const t = useT();

  const pick = (i: number) => {
    const target = ((i % count) + count) % count;
    carousel.goTo(target);
    const feature = FEATURES[target];
    if (feature) track("feature_card_click", { feature: feature.id });
    return target;
  };

  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    // The tablist handles its own arrows; the carousel root must not move a second time.
    event.stopPropagation();
    tabRefs.current[pick(to)]?.focus();
  };

  return (
    <section id="v2" aria-labelledby="v2-heading" className="section bg-brand-gradient">
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="eyebrow">{t("home.v2.eyebrow")}</p>
          <h2 id="v2-heading" className="section-title">
            {t("home.v2.title")}
          </h2>
          <p className="section-lead">{t("home.v2.lead")}</p>
        </div>

        <Carousel
          carousel={carousel}
          label={t("home.v2.label")}
          name="v2"
          className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-10"
        >
          <div role="tablist" aria-label={t("home.v2.label")} className="v2-tablist" onKeyDown={onTabKeyDown}>
            {FEATURES.map((feature, i) => (
              <button
                key={feature.id}
                ref={(el) => {
                  tabRefs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`v2-tab-${feature.id}`}
                aria-controls={`v2-panel-${feature.id}`}
                aria-selected={i === index}
                tabIndex={i === index ? 0 : -1}
                className="v2-tab"
                onClick={() => pick(i)}
              >
                <span className="v2-tab-icon">
                  <FeatureIcon path={feature.icon} className="h-5 w-5" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold">{feature.name}</span>
                  <span className="v2-tab-summary">{feature.summary}</span>
                </span>
              </button>
            ))}
          </div>

          <div className="min-w-0">
            <div className="stacked-slides" aria-live={advancing ? "off" : "polite"}>
              {FEATURES.map((feature, i) => {
                const hidden = i !== index;
                return (
                  <div
                    key={feature.id}
                    role="tabpanel"
                    id={`v2-panel-${feature.id}`}
                    aria-roledescription="slide"
                    aria-label={t("home.slidePosition", { index: i + 1, count })}
                    aria-hidden={hidden || undefined}
                    {...(hidden ? ({ inert: "" } as Record<string, string>) : {})}
                    className="stacked-slide card p-6 sm:p-8"
                  >
                    <div className="flex items-center gap-4">
                      <span className="v2-panel-icon">
                        <FeatureIcon path={feature.icon} className="h-7 w-7" />
                      </span>
                      <div>
                        <p className="text-sm font-semibold text-ink-muted">{feature.name}</p>
                        <h3 className="text-2xl font-bold tracking-tight">{feature.title}</h3>
                      </div>
                    </div>
                    <p className="mt-5 leading-relaxed text-ink-muted sm:text-lg">{feature.body}</p>
                    {feature.roles ? (
                      <ul className="mt-6 grid gap-3 sm:grid-cols-3">
                        {feature.roles.map((role) => (
                          <li
                            key={role.name}
                            className="flex items-start gap-3 rounded-2xl border border-line bg-surface-sunken p-3 sm:block sm:p-4"
                          >
                            <span className="v2-role">{role.name}</span>
                            <p className="min-w-0 text-sm leading-relaxed break-words text-ink-muted sm:mt-2">{role.can}</p>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <ul className="mt-6 grid gap-3">
                        {feature.points.map((point) => (
                          <li key={point} className="flex items-start gap-3">
                            <span className="check-bubble" />
                            <span>{point}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                );
              })}
            </div>

            <div className="mt-5 flex flex-wrap items-center gap-2">
              <CarouselArrow direction="previous" label={t("home.v2.previous")} onClick={() => pick(index - 1)} />
              <span className="min-w-[3.5rem] text-center text-sm font-medium tabular-nums text-ink-muted" aria-hidden="true">
                {index + 1} / {count}
              </span>
              <CarouselArrow direction="next" label={t("home.v2.next")} onClick={() => pick(index + 1)} />
              <button
                type="button"
                className="autoplay-switch ml-auto"
                aria-pressed={playing}
                onClick={carousel.togglePlaying}
              >
                <span className="autoplay-switch-track" aria-hidden="true">
                  <span className="autoplay-switch-thumb" />
                </span>
                {t("home.v2.autoplay")}
              </button>
            </div>
          </div>
        </Carousel>
      </div>
    </section>
  );
}
