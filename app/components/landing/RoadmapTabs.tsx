import { NotifyButton } from "~/features/notify/notify-context";
import { Tabs } from "~/components/ui/Tabs";
import type { Release } from "~/content/roadmap";
import { siteConfig } from "~/config/site";
import { useT } from "~/lib/i18n/react";

export function RoadmapTabs({ releases }: { releases: readonly Release[] }) {
  const t = useT();
  return (
    <section aria-labelledby="roadmap-heading" className="section bg-surface-sunken">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">{t("roadmapTabs.eyebrow")}</p>
          <h2 id="roadmap-heading" className="section-title">
            {t("roadmapTabs.title")}
          </h2>
          <p className="section-lead">{t("roadmapTabs.lead")}</p>
        </div>

        <Tabs
          idPrefix="roadmap"
          label={t("roadmapTabs.label")}
          className="mx-auto mt-10 max-w-3xl"
          listClassName="mx-auto max-w-md"
          items={releases.map((release) => ({
            id: release.key,
            label: release.version,
            panel: (
              <article className="card p-6 sm:p-8" aria-labelledby={`roadmap-${release.key}-title`}>
                <div className="flex flex-wrap items-center gap-3">
                  <h3 id={`roadmap-${release.key}-title`} className="text-2xl font-bold tracking-tight">
                    {release.version}
                    <span className="text-ink-muted"> · {release.theme}</span>
                  </h3>
                  <span className="live-badge">
                    <span className="live-dot" aria-hidden="true" />
                    {release.status}
                  </span>
                </div>
                <p className="mt-2 text-ink-muted">{release.summary}</p>
                <ul className="mt-6 grid gap-3 sm:grid-cols-2">
                  {release.features.map((feature) => (
                    <li key={feature} className="flex gap-3">
                      <span className="check-bubble" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
              </article>
            ),
          }))}
        />

        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <NotifyButton
            platform="ios"
            intent="beta_testing"
            event={{ name: "roadmap_click", properties: { action: "join_beta" } }}
            className="btn btn-primary btn-lg"
          >
            {t("roadmapTabs.joinBeta")}
          </NotifyButton>
          <NotifyButton
            platform="ios"
            intent="waitlist"
            event={{ name: "roadmap_click", properties: { action: "notify" } }}
            className="btn btn-secondary btn-lg"
          >
            {t("roadmapTabs.notify")}
          </NotifyButton>
        </div>
        <p className="mt-4 text-center text-sm text-ink-muted">
          {t("roadmapTabs.note", { appName: siteConfig.appName })}
        </p>
      </div>
    </section>
  );
}
