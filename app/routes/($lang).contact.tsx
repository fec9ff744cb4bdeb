import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { publicFormClientAction, publicFormHeaders, publicFormShouldRevalidate } from "~/components/forms/public-form-route";
import { siteConfig } from "~/config/site";
import { handleContactSubmission } from "~/features/contact/contact-action.server";
import { ContactForm } from "~/features/contact/ContactForm";
import { pageMeta } from "~/lib/seo";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: `Contact · ${siteConfig.appName}`,
    description: `Questions, bug reports or ideas for ${siteConfig.appName}? Write to the developer directly.`,
    path: "/contact",
  }, matches);

export async function loader(_: LoaderFunctionArgs) {
  return json({ renderedAt: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}

/** The contact form's action: the page renders its answer without JavaScript, the form's fetcher gets it with (ADR 0051). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleContactSubmission(request, context);
}

export const clientAction = publicFormClientAction;
export const shouldRevalidate = publicFormShouldRevalidate;
export const headers = publicFormHeaders;

export default function ContactPage() {
  const { renderedAt } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="section">
      <div className="container-page grid gap-12 lg:grid-cols-[1fr_1.2fr]">
        <div>
          <p className="eyebrow">Contact &amp; support</p>
          <h1 className="section-title">Talk to the person who builds {siteConfig.appName}</h1>
          <p className="section-lead">
            Found a bug, missing a feature, or have a question about your data? Every message is read by the developer,
            not a ticket robot. We usually reply within two working days.
          </p>
          <dl className="mt-8 space-y-5">
            <div>
              <dt className="font-semibold">Email</dt>
              <dd className="text-ink-muted">
                <a className="underline" href={`mailto:${siteConfig.supportEmail}`}>
                  {siteConfig.supportEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Quick answers</dt>
              <dd className="text-ink-muted">
                Many questions are answered in the <Link className="underline" to="/home#faq">FAQ</Link> and the{" "}
                <Link className="underline" to="/tutorials">tutorials</Link>.
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Your data</dt>
              <dd className="text-ink-muted">
                To see or delete what we hold about you, write from the address you signed up with. See the{" "}
                <Link className="underline" to="/privacy.html">privacy policy</Link>.
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
