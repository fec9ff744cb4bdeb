import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { LegalDocument, type LegalSection } from "~/components/legal/LegalDocument";
import { siteConfig } from "~/config/site";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/seo";

const LAST_UPDATED = "2026-11-21";
const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({ title: t("terms.title", { appName }), description: t("terms.description", { appName }), path: "/terms.html" }, matches);
};

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["legal", "terms"]) });
}

const SECTIONS: readonly LegalSection[] = [
  { id: "agreement", title: "terms.agreement.title", blocks: [{ p: "terms.agreement.p1" }, { p: "terms.agreement.p2" }] },
  { id: "using-the-site", title: "terms.usingTheSite.title", blocks: [{ p: "terms.usingTheSite.p1" }, { p: "terms.usingTheSite.p2" }] },
  { id: "acceptable-use", title: "terms.acceptableUse.title", blocks: [{ p: "terms.acceptableUse.p1" }, { list: ["terms.acceptableUse.list1.i1", "terms.acceptableUse.list1.i2", "terms.acceptableUse.list1.i3", "terms.acceptableUse.list1.i4"] }, { p: "terms.acceptableUse.p2" }] },
  { id: "beta-program", title: "terms.betaProgram.title", blocks: [{ p: "terms.betaProgram.p1" }, { p: "terms.betaProgram.p2" }, { p: "terms.betaProgram.p3" }, { p: "terms.betaProgram.p4" }, { p: "terms.betaProgram.p5" }] },
  { id: "intellectual-property", title: "terms.intellectualProperty.title", blocks: [{ p: "terms.intellectualProperty.p1" }, { p: "terms.intellectualProperty.p2" }] },
  { id: "third-parties", title: "terms.thirdParties.title", blocks: [{ p: "terms.thirdParties.p1" }, { p: "terms.thirdParties.p2" }] },
  { id: "disclaimer", title: "terms.disclaimer.title", blocks: [{ p: "terms.disclaimer.p1" }] },
  { id: "liability", title: "terms.liability.title", blocks: [{ p: "terms.liability.p1" }, { p: "terms.liability.p2" }] },
  { id: "governing-law", title: "terms.governingLaw.title", blocks: [{ p: "terms.governingLaw.p1" }] },
  { id: "changes", title: "terms.changes.title", blocks: [{ p: "terms.changes.p1" }] },
  { id: "contact", title: "terms.contact.title", blocks: [{ p: "terms.contact.p1" }] },
];

export default function TermsPage() {
  const t = useT();
  return <LegalDocument title={t("terms.heading")} lastUpdated={LAST_UPDATED} intro={t("terms.intro", { appName })} sections={SECTIONS} />;
}
