import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { humanize } from "~/components/admin/format";
import { PageHeader } from "~/components/admin/PageHeader";
import { siteConfig } from "~/config/site";
import { loadEventCounts } from "~/lib/admin/analytics-admin.server";
import { requireAdmin } from "~/lib/admin/session.server";

export const meta: MetaFunction = () => [{ title: `Analytics · ${siteConfig.appName} admin` }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return json(await loadEventCounts(context.cloudflare.env.DB));
}

export default function AdminAnalytics() {
  const { days, total, byName } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Analytics"
        description="First-party, consent-aware analytics collected on this site's own domain. No visitor data is shared with third parties unless you configure them and visitors consent."
      />
      <section className="admin-panel" aria-labelledby="events-title">
        <h2 id="events-title">
          Events recorded in the last {days} days: <span className="tabular-nums">{total.toLocaleString("en")}</span>
        </h2>
        {byName.length === 0 ? (
          <p className="text-ink-muted">
            No events yet. Events arrive once the first-party collector is switched on (see below); until then the site
            records nothing about visitors.
          </p>
        ) : (
          <div className="table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col" className="num">
                    Count
                  </th>
                </tr>
              </thead>
              <tbody>
                {byName.map((row) => (
                  <tr key={row.name}>
                    <td>{humanize(row.name)}</td>
                    <td className="num">{row.n.toLocaleString("en")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="admin-panel" aria-labelledby="coming-title">
        <h2 id="coming-title">What this page will show</h2>
        <p className="text-ink-muted">
          The analytics work (issue 6, <em>Consent-aware analytics, A/B results and web vitals</em>) turns this page into
          the owner&apos;s dashboard for a chosen date range:
        </p>
        <ul className="mt-3 grid list-disc gap-1 pl-5">
          <li>visitors and page views per day, top pages, referrers and UTM sources;</li>
          <li>the sign-up funnel (landing view, form start, submit, success) and conversion rate by source;</li>
          <li>each A/B test&apos;s impressions, conversions, uplift with its confidence, and a sample-ratio warning;</li>
          <li>web vitals at the 75th percentile per page, rated good / needs improvement / poor.</li>
        </ul>
        <p className="mt-4 text-sm">
          Meanwhile: sign-ups by source and intent are on the <Link className="underline" to="/admin/dashboard">dashboard</Link>,
          and the A/B tests&apos; variants and weights are under <Link className="underline" to="/admin/settings">settings</Link>.
        </p>
      </section>
    </>
  );
}
