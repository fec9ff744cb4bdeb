import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { LegalDocument, type LegalSection } from "~/components/legal/LegalDocument";
import { siteConfig } from "~/config/site";
import { CONSENT_DATE_STORAGE_KEY, CONSENT_STORAGE_KEY } from "~/lib/consent";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { LANGUAGE_COOKIE } from "~/lib/i18n/languages";
import { metaT } from "~/lib/i18n/meta";
import { pageLanguage } from "~/lib/i18n/page-language";
import { useT } from "~/lib/i18n/react";
import { pageMeta } from "~/lib/seo";

const LAST_UPDATED = "2026-11-28";
const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({ title: t("privacy.title", { appName }), description: t("privacy.description", { appName }), path: "/privacy.html" }, matches);
};

export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ messages: browserMessages(lang, ["legal", "privacy"]) });
}

/** What the site keeps in the browser: each row's name, and the message key of its words. */
const STORAGE_ROWS = [
  { name: "lv_ab", key: "abTest" },
  { name: LANGUAGE_COOKIE, key: "language" },
  { name: CONSENT_STORAGE_KEY, key: "consent" },
  { name: CONSENT_DATE_STORAGE_KEY, key: "consentDate" },
  { name: "landing-attribution", key: "attribution" },
] as const;

function StorageTable() {
  const t = useT();
  return (
    <div className="legal-table-wrap">
      <table>
        <caption className="sr-only">{t("privacy.storage.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("privacy.storage.name")}</th>
            <th scope="col">{t("privacy.storage.type")}</th>
            <th scope="col">{t("privacy.storage.holdsAndWhy")}</th>
            <th scope="col">{t("privacy.storage.lasts")}</th>
          </tr>
        </thead>
        <tbody>
          {STORAGE_ROWS.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              <td>{t(`privacy.storage.${row.key}.kind`)}</td>
              <td>{t("privacy.storage.row", { holds: t(`privacy.storage.${row.key}.holds`), why: t(`privacy.storage.${row.key}.why`) })}</td>
              <td>{t(`privacy.storage.${row.key}.lasts`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: readonly LegalSection[] = [
  { id: "summary", title: "privacy.summary.title", blocks: [{ list: ["privacy.summary.list1.i1", "privacy.summary.list1.i2", "privacy.summary.list1.i3", "privacy.summary.list1.i4", "privacy.summary.list1.i5"] }] },
  { id: "who-we-are", title: "privacy.whoWeAre.title", blocks: [{ p: "privacy.whoWeAre.p1" }, { p: "privacy.whoWeAre.p2" }] },
  { id: "waitlist", title: "privacy.waitlist.title", blocks: [{ p: "privacy.waitlist.p1" }, { list: ["privacy.waitlist.list1.i1", "privacy.waitlist.list1.i2", "privacy.waitlist.list1.i3", "privacy.waitlist.list1.i4", "privacy.waitlist.list1.i5", "privacy.waitlist.list1.i6"] }, { p: "privacy.waitlist.p2" }, { p: "privacy.waitlist.p3" }, { p: "privacy.waitlist.p4" }] },
  { id: "human-check", title: "privacy.humanCheck.title", blocks: [{ p: "privacy.humanCheck.p1" }, { p: "privacy.humanCheck.p2" }, { p: "privacy.humanCheck.p3" }, { p: "privacy.humanCheck.p4" }] },
  { id: "contact", title: "privacy.contact.title", blocks: [{ p: "privacy.contact.p1" }, { p: "privacy.contact.p2" }] },
  { id: "cookies", title: "privacy.cookies.title", blocks: [{ p: "privacy.cookies.p1" }, { element: <StorageTable /> }, { p: "privacy.cookies.p2" }, { p: "privacy.cookies.p3" }, { p: "privacy.cookies.p4" }, { p: "privacy.cookies.p5" }] },
  { id: "analytics", title: "privacy.analytics.title", blocks: [{ p: "privacy.analytics.p1" }, { p: "privacy.analytics.p2" }, { p: "privacy.analytics.p3" }] },
  { id: "server", title: "privacy.server.title", blocks: [{ p: "privacy.server.p1" }, { p: "privacy.server.p2" }, { p: "privacy.server.p3" }] },
  { id: "sharing", title: "privacy.sharing.title", blocks: [{ p: "privacy.sharing.p1" }, { list: ["privacy.sharing.list1.i1", "privacy.sharing.list1.i2", "privacy.sharing.list1.i3", "privacy.sharing.list1.i4", "privacy.sharing.list1.i5"] }, { p: "privacy.sharing.p2" }, { p: "privacy.sharing.p3" }] },
  { id: "security", title: "privacy.security.title", blocks: [{ p: "privacy.security.p1" }] },
  { id: "rights", title: "privacy.rights.title", blocks: [{ p: "privacy.rights.p1" }, { list: ["privacy.rights.list1.i1", "privacy.rights.list1.i2", "privacy.rights.list1.i3", "privacy.rights.list1.i4"] }, { p: "privacy.rights.p2" }] },
  { id: "children", title: "privacy.children.title", blocks: [{ p: "privacy.children.p1" }] },
  { id: "changes", title: "privacy.changes.title", blocks: [{ p: "privacy.changes.p1" }] },
  { id: "contact-us", title: "privacy.contactUs.title", blocks: [{ p: "privacy.contactUs.p1" }] },
];

export default function PrivacyPolicyPage() {
  const t = useT();
  return <LegalDocument title={t("privacy.heading")} lastUpdated={LAST_UPDATED} intro={t("privacy.intro", { appName })} sections={SECTIONS} />;
}
