/**
 * The three parts of "How it works": ids and order here, their words in app/locales/<lang>.json under
 * `howItWorks.<view>` (label: the tab, heading, intro, step1…step3 with title and detail). Read them
 * with `howItWorksViews(t)`, where `t` is `useT()` in a component or `i18nFor(lang)._` on the server;
 * tsc refuses a `t` whose catalogue lacks one of these ids. The landing page shows them as tabs,
 * /how-it-works can show them in full. Each step is one thing the person does, then what the app does
 * in response.
 */
export const HOW_IT_WORKS_IDS = ["saving", "organization", "detail"] as const;

/** Stable id of a view: used for element ids and by the component to pick the illustration. */
export type HowItWorksId = (typeof HOW_IT_WORKS_IDS)[number];

const STEPS = ["step1", "step2", "step3"] as const;

export interface HowItWorksStep {
  title: string;
  detail: string;
}

export interface HowItWorksView {
  id: HowItWorksId;
  /** The tab label. */
  label: string;
  /** The panel's heading. */
  heading: string;
  intro: string;
  steps: readonly HowItWorksStep[];
}

/** The message function the views need: any `t` whose catalogue has every how-it-works id. */
export type HowItWorksTranslate = (
  id: `howItWorks.${HowItWorksId}.${"label" | "heading" | "intro"}` | `howItWorks.${HowItWorksId}.${(typeof STEPS)[number]}.${"title" | "detail"}`,
) => string;

/** The views, in order, in `t`'s language. */
export function howItWorksViews(t: HowItWorksTranslate): HowItWorksView[] {
  return HOW_IT_WORKS_IDS.map((id) => ({
    id,
    label: t(`howItWorks.${id}.label`),
    heading: t(`howItWorks.${id}.heading`),
    intro: t(`howItWorks.${id}.intro`),
    steps: STEPS.map((step) => ({ title: t(`howItWorks.${id}.${step}.title`), detail: t(`howItWorks.${id}.${step}.detail`) })),
  }));
}
