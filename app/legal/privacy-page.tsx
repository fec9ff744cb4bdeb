import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { donationHost, LegalDocument, SiteHost, SupportEmail, type LegalSection } from "~/components/legal/LegalDocument";
import { siteConfig } from "~/config/site";
import { CONSENT_DATE_STORAGE_KEY, CONSENT_STORAGE_KEY } from "~/lib/consent";
import { languageCheckLoader } from "~/lib/i18n/page-language";
import { pageMeta } from "~/lib/seo";

const LAST_UPDATED = "2026-11-28";
const app = siteConfig.appName;

// An unknown language prefix is an unknown path: a 404 here, as for any file-like path.
export const loader = languageCheckLoader;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Privacy Policy · ${app}`,
    description: `What the ${app} website stores about you, why, for how long, who else sees it, and how to have it deleted. In plain English.`,
    path: "/privacy.html",
  }, matches);

const STORAGE_ROWS = [
  {
    name: "lv_ab",
    kind: "Cookie (first party, HttpOnly)",
    holds: "A random id, for example 3f9c…, that says nothing about you.",
    why: "Shows you the same version of a headline or button while we compare two wordings (an A/B test).",
    lasts: "180 days",
  },
  {
    name: CONSENT_STORAGE_KEY,
    kind: "Local storage",
    holds: "Your cookie choices: analytics, functional and marketing on or off.",
    why: "Remembers your answer so the banner does not ask again.",
    lasts: "Until you change it or clear this site's data",
  },
  {
    name: CONSENT_DATE_STORAGE_KEY,
    kind: "Local storage",
    holds: "When you made that choice.",
    why: "Shows when your choice was recorded.",
    lasts: "Until you change it or clear this site's data",
  },
  {
    name: "landing-attribution",
    kind: "Session storage",
    holds: "The site that sent you here (or 'direct') and the utm_source, utm_medium and utm_campaign tags of the first page you opened.",
    why: "Attached to a waitlist sign-up if you make one, so we know which pages and campaigns bring people. Sent to us only if you sign up.",
    lasts: "Until you close the tab",
  },
] as const;

const SECTIONS: LegalSection[] = [
  {
    id: "summary",
    title: "The short version",
    content: (
      <ul>
        <li>We collect what you type into our forms (your email, your name if you give it, your message) and use it only for what you asked.</li>
        <li>Without your consent we count visits anonymously. Third-party analytics loads only if you say yes to it.</li>
        <li>We store keyed hashes of IP addresses for rate limiting, never the addresses themselves, and clear them out after a day.</li>
        <li>We do not sell your data, show ads, or share it with anyone for advertising.</li>
        <li>
          To see, correct or delete what we hold about you, email <SupportEmail />.
        </li>
      </ul>
    ),
  },
  {
    id: "who-we-are",
    title: "Who we are and what this covers",
    content: (
      <>
        <p>
          This policy covers the {app} website at <SiteHost /> (&quot;the site&quot;): its pages, the beta waitlist, the
          notification and contact forms, and the link cleaner on the{" "}
          <Link to="/link-sanitization">link sanitization page</Link>. The site is run by the developer of {app} (&quot;we&quot;,
          &quot;us&quot;), who decides what is collected and why. You can reach us at <SupportEmail />.
        </p>
        <p>
          The {app} app for iPhone and iPad is a separate product. How the app handles your data is described in the app and
          on its App Store listing.
        </p>
      </>
    ),
  },
  {
    id: "waitlist",
    title: "Beta waitlist and notifications",
    content: (
      <>
        <p>
          When you join the beta program or ask to be notified about a new platform, we store one entry with:
        </p>
        <ul>
          <li>
            <strong>your email address</strong> (required);
          </li>
          <li>
            <strong>your first and last name</strong>, if you gave a name (optional on the waitlist, required on the
            notification form; we split it at the first space);
          </li>
          <li>
            <strong>source</strong>: which form you used (the waitlist section, the notification window or a promotion page);
          </li>
          <li>
            <strong>intent</strong>: whether you want to test betas or only hear about updates;
          </li>
          <li>
            <strong>metadata</strong>: your browser&apos;s user agent (the name and version your browser announces), the page
            that sent you here or &quot;direct&quot;, the time you signed up, the utm_source, utm_medium and utm_campaign tags of
            the page you arrived on (each &quot;none&quot; when absent), the platform you asked about (iOS, Android, macOS, the
            Chrome extension or all of them) and the action (joining the beta or asking to be notified);
          </li>
          <li>
            <strong>the versions you were shown</strong> of the wordings we are comparing (see the lv_ab cookie below), only until
            you confirm your address: we then count your sign-up for those versions, without your address or anything else about
            you, and remove them from your entry.
          </li>
        </ul>
        <p>
          <strong>Why:</strong> to send you beta invitations and the updates you asked for, and to learn which pages and
          campaigns bring people to the beta. We use it for nothing else. The hidden fields that catch spam bots are checked
          and thrown away; they are not stored.
        </p>
        <p>
          <strong>How long:</strong> until you ask us to remove you, or until we close the waitlist, whichever comes first.
          When you delete your data from your status page, we keep only keyed fingerprints of your address (HMACs with a
          secret key, never the address itself): one so that no import or resend emails you again, removed if you sign up and
          confirm once more; and, if a friend&apos;s link brought you, one so that your sign-up counts as their referral only
          once.
        </p>
        <p>
          <strong>To leave the list</strong> or have your entry deleted, email <SupportEmail /> from the address you signed up with.
          If we invite you to a TestFlight beta, Apple receives your email address to send the invitation, under Apple&apos;s
          own privacy policy.
        </p>
      </>
    ),
  },
  {
    id: "human-check",
    title: "Keeping bots out of the sign-up forms",
    content: (
      <>
        <p>
          <strong>Why:</strong> signing up sends an email, so a script could use our forms to send mail to strangers. To stop
          that, the waitlist and notification forms may ask for a short check that you are a person: Cloudflare Turnstile,
          which usually passes without a puzzle (at most you tick a box).
        </p>
        <p>
          <strong>When:</strong> only once you start filling in one of those forms (you click or type in a field) does your
          browser load Turnstile from challenges.cloudflare.com. Reading our pages never loads it.
        </p>
        <p>
          <strong>What it sees:</strong> Turnstile runs in a small frame from Cloudflare. To tell people from bots it looks at
          your IP address and at your browser (for example which features it supports and how it runs a few small tests).
          Cloudflare handles this under its privacy policy and its Turnstile privacy addendum. We receive
          only a one-time pass, which our server checks with Cloudflare, sending the pass and your IP address. We store
          neither. The check needs JavaScript: without it the forms cannot be sent, and you can write to <SupportEmail />{" "}
          instead.
        </p>
        <p>
          <strong>Throwaway addresses.</strong> We refuse addresses at disposable-email services, because they expire before
          our invitations go out. Our server checks the address&apos;s domain against a public list it carries; the address
          is sent nowhere for this.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "Contact form",
    content: (
      <>
        <p>
          A message sent through the <Link to="/contact">contact form</Link> is stored with your name, email address, subject
          and message, together with your browser&apos;s user agent and the time you sent it.
        </p>
        <p>
          We use it to answer you and keep it while the conversation is useful, then delete it. Ask us at <SupportEmail /> and we
          delete it sooner.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and storage in your browser",
    content: (
      <>
        <p>
          The site sets one cookie for visitors and keeps a few small items in your browser. None of them is used for
          advertising.
        </p>
        <div className="legal-table-wrap">
          <table>
            <caption className="sr-only">Cookies and browser storage used by the site</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">What it holds and why</th>
                <th scope="col">How long</th>
              </tr>
            </thead>
            <tbody>
              {STORAGE_ROWS.map((row) => (
                <tr key={row.name}>
                  <th scope="row">
                    <code>{row.name}</code>
                  </th>
                  <td>{row.kind}</td>
                  <td>
                    {row.holds} {row.why}
                  </td>
                  <td>{row.lasts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          <strong>The lv_ab cookie is not set</strong> when your browser sends Global Privacy Control or Do Not Track. We then
          pick your version from your browser&apos;s user agent and language on each visit, and store nothing. The cookie is
          HttpOnly (page scripts cannot read it) and is never joined with analytics unless you consent to analytics.
        </p>
        <p>
          <strong>Offline copies.</strong> The site installs a service worker that keeps copies of a few public pages (the home
          page, the blog and the link sanitization page) and of the site&apos;s own scripts and styles on your device, so they
          open without a connection. They contain nothing about you. Clearing this site&apos;s data in your browser removes them.
        </p>
        <p>
          The site&apos;s administrators also get a sign-in cookie when they log in to manage the site. Visitors never do.
        </p>
        <p>
          You can change your cookie choices at any time with <strong>Cookie settings</strong> at the bottom of every page.
        </p>
      </>
    ),
  },
  {
    id: "analytics",
    title: "Analytics",
    content: (
      <>
        <p>
          <strong>Without your consent</strong> we only count: which pages are viewed and which buttons are used, with the
          time, the page, the site you came from (its name only) and any campaign tags. These counts carry no cookie and no
          identifier, so they cannot be put together into a picture of one person.
        </p>
        <p>
          <strong>If you allow analytics</strong>, we also record a visitor code and a session id with those counts. The visitor
          code is a salted hash that changes every day, so we can tell that a few pages were seen by the same browser on one day
          but cannot follow you from one day to the next.
        </p>
        <p>
          <strong>Third-party analytics</strong> (Google Analytics 4, and Amplitude with its session replay, which records how
          pages are used) loads only after you allow the matching category in the cookie banner, and only if
          we have switched that service on. Before that, your browser does not contact them at all. When they are on, those
          services receive the data described in their own privacy policies, as our processors. Turning analytics off in
          Cookie settings stops them from the next page onwards.
        </p>
      </>
    ),
  },
  {
    id: "server",
    title: "What our server sees",
    content: (
      <>
        <p>
          <strong>Rate limiting.</strong> To stop scripted abuse of our forms, we count submissions per connection. The counter
          is stored under a keyed hash of your IP address (an HMAC with a secret key), never the address itself, so it cannot
          be turned back into an address. Counters older than a day are deleted.
        </p>
        <p>
          <strong>The link cleaner.</strong> With JavaScript on, a link you clean on the{" "}
          <Link to="/link-sanitization">link sanitization page</Link> is cleaned in your browser and not sent to us. Without
          JavaScript, it travels to our server in the page address, is cleaned and sent back. We do not store it.
        </p>
        <p>
          <strong>Error logs.</strong> If something fails, our logs record what failed and on which page, without your IP
          address, your email address or the contents of forms.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who else sees your data",
    content: (
      <>
        <p>We do not sell your data, rent it, or share it for advertising. It reaches others only in these cases:</p>
        <ul>
          <li>
            <strong>Cloudflare</strong> hosts the site and its database. As our processor, it handles every request, including
            your IP address, to deliver the site and protect it from attacks, and it stores our data on our behalf.
          </li>
          <li>
            <strong>Analytics providers</strong> (see <a href="#analytics">Analytics</a>), only after your consent.
          </li>
          <li>
            <strong>Cloudflare Turnstile</strong>, when you start a sign-up form and we have the check switched on (see{" "}
            <a href="#human-check">Keeping bots out</a>).
          </li>
          <li>
            <strong>Apple</strong>, if we invite you to a TestFlight beta (see <a href="#waitlist">Beta waitlist</a>).
          </li>
          <li>When the law requires it, and then only what it requires.</li>
        </ul>
        <p>
          Links to the App Store, social networks and the donation page at {donationHost} take you to sites run by others, under
          their own privacy policies. We send them nothing about you; the donation page is a separate service and we do not see
          your payment details.
        </p>
        <p>
          Cloudflare operates worldwide, so your data may be processed outside your country. Where that applies, it is covered
          by Cloudflare&apos;s data processing terms, including the standard contractual clauses.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    content: (
      <p>
        The site is served only over HTTPS. Access to the stored data is limited to the site&apos;s administrators, whose
        accounts use hashed passwords and server-side sessions. We keep as little as we can, which is the best protection of
        all.
      </p>
    ),
  },
  {
    id: "rights",
    title: "Your rights",
    content: (
      <>
        <p>Wherever you live, you can ask us to:</p>
        <ul>
          <li>
            <strong>show you</strong> what we hold about you (access) and give you a copy;
          </li>
          <li>
            <strong>correct</strong> it;
          </li>
          <li>
            <strong>delete</strong> it;
          </li>
          <li>
            <strong>stop using it</strong> for a purpose you object to (objection), or withdraw a consent you gave, which you can
            also do yourself in Cookie settings.
          </li>
        </ul>
        <p>
          Email <SupportEmail />. We answer within 30 days and may ask you to confirm that the address is yours. If you are not
          satisfied, you can complain to your data protection authority.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    content: (
      <p>
        The site is not meant for children under 13 (under 16 in the European Union), and we do not knowingly collect their
        data. If you believe a child has signed up, email <SupportEmail /> and we will delete the entry.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p>
        When we change what the site collects, we update this page and the date at the top first. For a change that matters to
        people already on the waitlist, we also tell them by email.
      </p>
    ),
  },
  {
    id: "contact-us",
    title: "Contact",
    content: (
      <p>
        Questions about this policy or your data: <SupportEmail />.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      intro={
        <p>
          {app} is a privacy-first app, and this site tries to live up to that. This page says exactly what the site stores
          about you, why, for how long, and how to have it deleted.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
