import { Icon } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { NotifyButton } from "~/features/notify/notify-context";
import type { NotifyPlatform } from "~/features/notify/notify-types";
import { siteConfig } from "~/config/site";
import { T, useT } from "~/lib/i18n/react";


const AndroidIcon = () => (
  <Icon size={28} strokeWidth={1.8}>
    <path d="M5 11a7 7 0 0 1 14 0v6H5v-6z" />
    <path d="M7 5l1.5 2.2M17 5l-1.5 2.2M9 10.5h.01M15 10.5h.01M8 17v3M16 17v3" />
  </Icon>
);
const LaptopIcon = () => (
  <Icon size={28} strokeWidth={1.8}>
    <rect x="4" y="5" width="16" height="11" rx="1.5" />
    <path d="M2 19h20" />
  </Icon>
);
const ExtensionIcon = () => (
  <Icon size={28} strokeWidth={1.8}>
    <path d="M10 4a2 2 0 0 1 4 0v2h4a1 1 0 0 1 1 1v4h-2a2 2 0 0 0 0 4h2v4a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-4h2a2 2 0 0 0 0-4H5V7a1 1 0 0 1 1-1h4V4z" />
  </Icon>
);

interface Platform {
  platform: Exclude<NotifyPlatform, "ios" | "all_platforms">;
  /** Its messages: homeIslands.platforms.<key>.name / .description. */
  key: "android" | "macos" | "chromeExtension";
  status: "inDevelopment" | "comingSoon";
  icon: ReactNode;
}

const PLATFORMS: readonly Platform[] = [
  { platform: "android", key: "android", status: "inDevelopment", icon: <AndroidIcon /> },
  { platform: "macos", key: "macos", status: "comingSoon", icon: <LaptopIcon /> },
  { platform: "chrome_extension", key: "chromeExtension", status: "comingSoon", icon: <ExtensionIcon /> },
];

const notifyEvent = { name: "coming_soon_notify_click" } as const;

export function ComingSoonPlatformsMarkup() {
  const t = useT();
  return (
    <section aria-labelledby="platforms-heading" className="section bg-surface-sunken">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">{t("homeIslands.platforms.eyebrow")}</p>
          <h2 id="platforms-heading" className="section-title">
            {t("homeIslands.platforms.title")}
          </h2>
          <p className="section-lead">{t("homeIslands.platforms.lead", { appName: siteConfig.appName })}</p>
        </div>
        <ul className="mt-12 grid gap-5 md:grid-cols-3">
          {PLATFORMS.map((item) => {
            const name = t(`homeIslands.platforms.${item.key}.name`);
            return (
              <li key={item.platform} className="flex">
                <article className="card flex w-full flex-col p-6" aria-labelledby={`platform-${item.platform}`}>
                  <div className="flex items-start justify-between gap-3">
                    <span className="feature-icon">{item.icon}</span>
                    <span className={item.status === "inDevelopment" ? "badge platform-badge-dev" : "badge platform-badge-soon"}>
                      {t(`homeIslands.platforms.${item.status}`)}
                    </span>
                  </div>
                  <h3 id={`platform-${item.platform}`} className="mt-5 text-lg font-semibold">
                    {name}
                  </h3>
                  <p className="mt-2 flex-1 text-ink-muted">{t(`homeIslands.platforms.${item.key}.description`)}</p>
                  <NotifyButton
                    platform={item.platform}
                    intent="waitlist"
                    event={notifyEvent}
                    className="btn btn-secondary mt-6 w-full"
                  >
                    <T id="homeIslands.platforms.notifyMe" values={{ platform: name }} components={{ hidden: <span className="sr-only" /> }} />
                  </NotifyButton>
                </article>
              </li>
            );
          })}
        </ul>
        <div className="mt-10 text-center">
          <NotifyButton platform="all_platforms" intent="waitlist" event={notifyEvent} className="btn btn-primary btn-lg">
            {t("homeIslands.platforms.notifyAll")}
          </NotifyButton>
        </div>
      </div>
    </section>
  );
}
