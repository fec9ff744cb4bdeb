import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { publicFormHeaders } from "~/components/forms/public-form-route";
import { siteConfig } from "~/config/site";
import { handleContactSubmission } from "~/features/contact/contact-action.server";
import { ContactForm } from "~/features/contact/ContactForm";
import { browserMessages } from "~/lib/i18n/catalogues.server";
import { pageLanguage } from "~/lib/i18n/page-language";
import { T, useLocalizedPath, useT } from "~/lib/i18n/react";
import { translatedPageMeta } from "~/lib/seo";

const appName = siteConfig.appName;

export const meta: MetaFunction = ({ matches }) => translatedPageMeta(matches, { title: "contact.title", description: "contact.description", path: "/contact" });

export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = pageLanguage({ params, request });
  return json({ renderedAt: Date.now(), messages: browserMessages(lang, ["contact"]) }, { headers: { "Cache-Control": "no-store" } });
}

/** The contact form's action: the page renders its answer without JavaScript, the form's fetcher gets it with (ADR 0051). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  pageLanguage({ params, request });
  return handleContactSubmission(request, context);
}

export const headers = publicFormHeaders;

export default function ContactPage() {
  const { renderedAt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <section className="section">
      <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="eyebrow">{t("contact.eyebrow")}</p>
          <h1 className="section-title">{t("contact.heading", { appName })}</h1>
          <p className="section-lead">{t("contact.lead")}</p>
          <dl className="mt-8 space-y-5">
            <div>
              <dt className="font-semibold">{t("contact.email")}</dt>
              <dd className="text-ink-muted">
                <a className="underline" href={`mailto:${siteConfig.supportEmail}`}>
                  {siteConfig.supportEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t("contact.quickAnswers")}</dt>
              <dd className="text-ink-muted">
                <T
                  id="contact.quickAnswersBody"
                  components={{ faq: <Link className="underline" to={localized("/home#faq")} />, tutorials: <Link className="underline" to={localized("/tutorials")} /> }}
                />
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t("contact.yourData")}</dt>
              <dd className="text-ink-muted">
                <T id="contact.yourDataBody" components={{ policy: <Link className="underline" to={localized("/privacy.html")} /> }} />
              </dd>
            </div>
          </dl>
        </div>
        <div className="card p-6 sm:p-8">
          <ContactForm renderedAt={renderedAt} pageAnswer={answer} />
        </div>
      </div>
    </section>
  );
}
