import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { donationHost, LegalDocument, SiteHost, SupportEmail, type LegalSection } from "~/components/legal/LegalDocument";
import { siteConfig } from "~/config/site";
import { languageCheckLoader } from "~/lib/i18n/page-language";
import { pageMeta } from "~/lib/seo";

const LAST_UPDATED = "2026-11-21";
const app = siteConfig.appName;

// An unknown language prefix is an unknown path: a 404 here, as for any file-like path.
export const loader = languageCheckLoader;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Terms of Service · ${app}`,
    description: `The terms for using the ${app} website and taking part in the ${app} beta program, in plain English.`,
    path: "/terms.html",
  }, matches);

const SECTIONS: LegalSection[] = [
  {
    id: "agreement",
    title: "What these terms cover",
    content: (
      <>
        <p>
          These terms apply to the {app} website at <SiteHost /> (&quot;the site&quot;) and to the {app} beta program. The site is
          run by the developer of {app} (&quot;we&quot;, &quot;us&quot;). By using the site or joining the beta, you agree to
          them. If you do not agree, please do not use the site.
        </p>
        <p>
          The {app} app itself is provided through Apple&apos;s App Store under Apple&apos;s standard licence terms for apps, and
          any subscription is bought from and billed by Apple. How we handle personal data is explained in the{" "}
          <Link to="/privacy.html">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "using-the-site",
    title: "Using the site",
    content: (
      <>
        <p>
          You may read the site, share links to it, join the waitlist, contact us and use the{" "}
          <Link to="/link-sanitization">link cleaner</Link> for your own links, free of charge. The site&apos;s information
          about the app (features, plans, prices and availability) is accurate to the best of our knowledge when published, but
          the App Store listing is what counts when you download or subscribe.
        </p>
        <p>
          We may change, pause or remove parts of the site at any time, for example when a feature moves from beta to release.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    content: (
      <>
        <p>When you use the site, please do not:</p>
        <ul>
          <li>sign up other people without their permission, or use an address that is not yours;</li>
          <li>send spam, abusive messages or anything unlawful through our forms;</li>
          <li>
            try to get around the site&apos;s limits, probe or break its security, or overload it with automated requests;
          </li>
          <li>copy the site&apos;s content in bulk or pretend to be {app} or its developer.</li>
        </ul>
        <p>We may refuse submissions, remove waitlist entries or block access when these rules are broken.</p>
      </>
    ),
  },
  {
    id: "beta-program",
    title: "The beta program",
    content: (
      <>
        <p>
          Joining the waitlist does not guarantee a place: we invite testers in batches, as builds are ready. Beta builds are
          delivered through Apple&apos;s TestFlight, and Apple&apos;s TestFlight terms apply to them as well.
        </p>
        <p>
          <strong>Beta builds are unfinished.</strong> They are provided &quot;as is&quot;, without any warranty, and may have
          bugs, change or lose features, stop working when they expire, or lose data. Keep your own copy of any links that
          matter to you while you test. Features you see in a beta may change or never ship.
        </p>
        <p>
          Unless we tell you otherwise, please keep what you see in a beta to yourself: screenshots and details of unreleased
          features are shared with testers in confidence.
        </p>
        <p>
          Feedback you send us (bug reports, ideas, suggestions) helps make the app better. You let us use it freely, without
          owing you anything for it; we will not publish your name with it without asking.
        </p>
        <p>
          You can leave the beta at any time by deleting the beta build and emailing <SupportEmail /> to be removed from the list. We
          may end the beta program, or your part in it, at any time.
        </p>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual property",
    content: (
      <>
        <p>
          The site, the app, the {app} name and logo, and the texts, images and code of the site belong to us or to those who
          licensed them to us. You may link to the site and quote short parts of it with a link back. Anything else needs our
          written permission.
        </p>
        <p>
          Customer reviews shown on the site remain the words of their authors. Apple, App Store, TestFlight, iPhone and iPad are
          trademarks of Apple Inc.; other names belong to their owners.
        </p>
      </>
    ),
  },
  {
    id: "third-parties",
    title: "Other sites and the donation page",
    content: (
      <>
        <p>
          The site links to sites run by others: the App Store, our social profiles and the donation page. We do not control
          them, and their own terms and privacy policies apply there.
        </p>
        <p>
          <strong>Donations</strong> through the &quot;Buy Me a Coffee&quot; button are made on a third-party service at{" "}
          {donationHost}. The payment is between you and that service, under its terms. A donation is a voluntary gift to
          support development: it buys no product, subscription, priority or beta place.
        </p>
      </>
    ),
  },
  {
    id: "disclaimer",
    title: "No warranty",
    content: (
      <p>
        We work hard to keep the site accurate and available, but we provide it &quot;as is&quot; and &quot;as available&quot;,
        without warranties of any kind, to the extent the law allows. The link cleaner removes the tracking parameters it knows
        about; it may miss some, and you remain responsible for the links you share. Nothing in these terms limits rights you
        have as a consumer that cannot be limited by contract.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    content: (
      <>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, such as lost profits, lost data
          or lost opportunities, arising from your use of the site or of beta builds. For anything else, our total liability to
          you is limited to the amount you paid us in the twelve months before the claim; using the site and the beta is free,
          so in most cases that amount is zero.
        </p>
        <p>
          These limits do not apply where the law does not allow them, such as liability for death or personal injury caused by
          negligence, or for fraud.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    content: (
      <p>
        These terms are governed by the laws of the owner&apos;s place of business. If you are a consumer, you also keep the
        protection of the mandatory laws of the country where you live, and you may bring a claim in its courts.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    content: (
      <p>
        We may update these terms as the site and the beta change. The date at the top shows the latest version. If you keep
        using the site after a change, the new terms apply from then on; changes never apply to something that happened before
        them.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    content: (
      <p>
        Questions about these terms: <SupportEmail />.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Terms of Service"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          The rules for using the {app} website and for taking part in the beta, written to be read. If anything is unclear,
          ask us.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
