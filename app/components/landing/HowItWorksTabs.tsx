import { Tabs } from "~/components/ui/Tabs";
import { staticIsland } from "~/components/islands";
import type { HowItWorksView } from "~/content/how-it-works";

/** The decorative screen drawings: server-rendered HTML, no client code (a static island). */
const HowItWorksIllustration = staticIsland("HowItWorksDrawing", () => import("./how-it-works-drawings").then((m) => m.HowItWorksDrawing));
import { siteConfig } from "~/config/site";
import { useT } from "~/lib/i18n/react";

/** The tabs of "How it works", with the views in the page's language (`howItWorksViews(t)`). */
export function HowItWorksTabs({ views }: { views: readonly HowItWorksView[] }) {
  const t = useT();
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-heading" className="section">
      <div className="container-page">
        <div className="mx-auto max-w-2xl text-center">
          <p className="eyebrow">{t("howItWorksTabs.eyebrow")}</p>
          <h2 id="how-it-works-heading" className="section-title">
            {t("howItWorksTabs.title")}
          </h2>
          <p className="section-lead">{t("howItWorksTabs.lead", { appName: siteConfig.appName })}</p>
        </div>
        <Tabs
          idPrefix="how-it-works"
          label={t("howItWorksTabs.label")}
          className="mt-10"
          listClassName="mx-auto max-w-2xl"
          items={views.map((view) => ({
            id: view.id,
            label: view.label,
            panel: <HowItWorksPanel view={view} />,
          }))}
        />
      </div>
    </section>
  );
}

function HowItWorksPanel({ view }: { view: HowItWorksView }) {
  return (
    <div className="grid items-center gap-10 md:grid-cols-2">
      <div>
        <h3 className="text-2xl font-bold tracking-tight">{view.heading}</h3>
        <p className="mt-2 text-ink-muted">{view.intro}</p>
        <ol className="mt-6 space-y-5">
          {view.steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="step-number">{index + 1}</span>
              <span>
                <strong className="block font-semibold">{step.title}</strong>
                <span className="mt-1 block text-ink-muted">{step.detail}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
      <div className="flex justify-center" aria-hidden="true">
        <HowItWorksIllustration view={view.id} />
      </div>
    </div>
  );
}
