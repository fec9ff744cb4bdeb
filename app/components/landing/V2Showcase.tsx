/**
 * The V2 showcase: six version-2 features as a tabbed carousel. The feature list is a tablist
 * (arrow keys, Home, End); the auto-play switch rotates every V2_SHOWCASE_INTERVAL_MS. Every
 * feature a visitor picks is tracked as feature_card_click; automatic rotation is not.
 */
import { useRef, type KeyboardEvent } from "react";
import { useCarousel } from "~/hooks/useCarousel";
import { track } from "~/lib/analytics/track";
import { V2_SHOWCASE_INTERVAL_MS } from "~/lib/constants";
import { ChevronLeftIcon, ChevronRightIcon, Icon } from "~/components/ui/Icons";

interface Feature {
  id: string;
  name: string;
  summary: string;
  title: string;
  body: string;
  points: readonly string[];
  icon: string;
  roles?: readonly { name: string; can: string }[];
}

const FEATURES: readonly Feature[] = [
  {
    id: "cloud-sync",
    name: "Cloud sync",
    summary: "iPhone and iPad, always in step",
    title: "Your library on every device",
    body: "Links, categories, tags and notes stay in step across your iPhone and iPad. Save on one and it is waiting on the other a moment later.",
    points: [
      "Works offline: changes wait and sync when you reconnect",
      "Edits from two devices merge instead of overwriting",
      "Sync is off until you switch it on",
    ],
    icon: "M7 18a5 5 0 0 1-.5-9.97A6 6 0 0 1 18 9a4.5 4.5 0 0 1-.5 9H7z",
  },
  {
    id: "collaboration",
    name: "Collaboration",
    summary: "Shared collections with roles",
    title: "Collect links together",
    body: "Share a collection with a partner, a study group or your team, and choose what each person can do with it.",
    points: [],
    roles: [
      { name: "Owner", can: "Invites people, changes roles and can delete the collection." },
      { name: "Editor", can: "Adds, edits, tags and removes links in the collection." },
      { name: "Viewer", can: "Reads and opens links, and is told when new ones arrive." },
    ],
    icon: "M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM22 19v-1a4 4 0 0 0-3-3.87M16 3.13a3.5 3.5 0 0 1 0 6.75",
  },
  {
    id: "ai-organisation",
    name: "AI organisation",
    summary: "Categories and tags suggested",
    title: "Filing that does itself",
    body: "When you save a link, LinkVault reads its title and description and suggests a category and a few tags, based on how you already organise things.",
    points: [
      "Suggestions learn from the categories you use most",
      "Spots a link you have already saved",
      "Nothing is filed until you accept it with a tap",
    ],
    icon: "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9L19 15z",
  },
  {
    id: "privacy",
    name: "Privacy",
    summary: "End-to-end encryption",
    title: "Encrypted end to end",
    body: "What you sync or share is encrypted on your device before it leaves, with keys only you and the people you share with hold. We cannot read your links, and neither can anyone else.",
    points: [
      "End-to-end encryption for sync and shared collections",
      "Tracking parameters stripped before anything is saved",
      "No ads and no third-party trackers in the app",
    ],
    icon: "M6 11V8a6 6 0 1 1 12 0v3M5 11h14v10H5zM12 15v2",
  },
  {
    id: "smart-reminders",
    name: "Smart reminders",
    summary: "Come back to what you saved",
    title: "Read it when you meant to",
    body: "Set a reminder as you save a link, or let LinkVault nudge you about the ones you never opened, at a time that suits you.",
    points: [
      "One-tap presets: tonight, this weekend, next week",
      "An optional weekly digest of unread links",
      "Snooze or mark as read straight from the notification",
    ],
    icon: "M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0",
  },
  {
    id: "universal-access",
    name: "Universal access",
    summary: "Deep links and QR codes",
    title: "Open anything from anywhere",
    body: "Every link and collection has a deep link that opens it straight in LinkVault, and a QR code you can show to share it in person.",
    points: [
      "Deep links open the exact link or collection",
      "Show a QR code to share a whole collection",
      "Scan a QR code to save the link inside it",
    ],
    icon: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 14h2v2h-2zM14 18h2v2h-2zM18 18h2v2h-2z",
  },
];

function FeatureIcon({ path, className = "" }: { path: string; className?: string }) {
  return (
    <Icon className={className} strokeWidth={1.8} width={undefined} height={undefined}>
      <path d={path} />
    </Icon>
  );
}

export function V2Showcase() {
  const carousel = useCarousel({ count: FEATURES.length, intervalMs: V2_SHOWCASE_INTERVAL_MS });
  const { index, count, playing, advancing } = carousel;
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

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
          <p className="eyebrow">New in version 2</p>
          <h2 id="v2-heading" className="section-title">
            Sync, share and stay private
          </h2>
          <p className="section-lead">
            Version 2 takes your library beyond one device without giving up what made it yours: six new features, each
            designed to work with end-to-end encryption.
          </p>
        </div>

        <div
          {...carousel.rootProps}
          role="region"
          aria-roledescription="carousel"
          aria-label="Version 2 features"
          data-carousel="v2"
          className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] lg:gap-10"
        >
          <div role="tablist" aria-label="Version 2 features" className="v2-tablist" onKeyDown={onTabKeyDown}>
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
                    aria-label={`${i + 1} of ${count}`}
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
                            <p className="text-sm leading-relaxed text-ink-muted sm:mt-2">{role.can}</p>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <ul className="mt-6 grid gap-3">
                        {feature.points.map((point) => (
                          <li key={point} className="flex items-start gap-3">
                            <span className="check-bubble">
                              <FeatureIcon path="M5 12l5 5L20 7" className="h-4 w-4" />
                            </span>
                            <span>{point}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                );
              })}
            </div>

            <div className="mt-5 flex items-center gap-2">
              <button
                type="button"
                className="icon-button carousel-button"
                aria-label="Previous feature"
                onClick={() => pick(index - 1)}
              >
                <ChevronLeftIcon />
              </button>
              <span className="min-w-[3.5rem] text-center text-sm font-medium tabular-nums text-ink-muted" aria-hidden="true">
                {index + 1} / {count}
              </span>
              <button
                type="button"
                className="icon-button carousel-button"
                aria-label="Next feature"
                onClick={() => pick(index + 1)}
              >
                <ChevronRightIcon />
              </button>
              <button
                type="button"
                className="autoplay-switch ml-auto"
                aria-pressed={playing}
                onClick={carousel.togglePlaying}
              >
                <span className="autoplay-switch-track" aria-hidden="true">
                  <span className="autoplay-switch-thumb" />
                </span>
                Auto-play
              </button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
