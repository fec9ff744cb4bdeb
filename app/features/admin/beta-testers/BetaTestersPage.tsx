import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { ConfirmPanel, confirmHref } from "~/features/admin/ui/ConfirmPanel";
import { DateFilter, FilterSelect } from "~/features/admin/ui/filter-fields";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { humanize, intentLabel } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { Pagination } from "~/features/admin/ui/Pagination";
import { WAITLIST_INTENTS } from "~/lib/constants";
import { formatUtcDateTime } from "~/lib/dates";
import { refusalMessage } from "~/features/admin/form-schema";
import { INVITE_SELECTED_FORM, InvitationBatches, InvitationReviewPanel, InvitePanel } from "./InvitePanel";
import type { InvitationAnswer } from "./invitations.server";
// Only types from the .server module: the browser bundle leaves its values out.
import type { BetaTesterSort, loadBetaTesters, SortDirection } from "./beta-testers.server";

const PATH = ADMIN_PATHS.betaTesters;

const SORT_LABELS: Record<BetaTesterSort, { label: string; asc: string; desc: string }> = {
  created_at: { label: "Signed up", asc: "oldest first", desc: "newest first" },
  email: { label: "Email", asc: "A to Z", desc: "Z to A" },
  name: { label: "Name", asc: "A to Z", desc: "Z to A" },
};

function SortHeader({ sort, link, dir }: { sort: BetaTesterSort; link: { href: string; active: boolean; next: SortDirection }; dir: SortDirection }) {
  const labels = SORT_LABELS[sort];
  return (
    <th scope="col" aria-sort={link.active ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={link.href} data-testid={`sort-${sort}`}>
        {labels.label}
        <span className="visually-hidden"> (sort {labels[link.next]})</span>
        {link.active ? <span aria-hidden="true">{dir === "asc" ? "▲" : "▼"}</span> : null}
      </Link>
    </th>
  );
}

const dash = (value: string | null) => value || "—";

const STATUS_PILL: Record<string, string> = { pending: "pill", confirmed: "pill pill-on", unsubscribed: "pill pill-off" };

/** When the address was confirmed; entries from before double opt-in (or made while email is off) never were. */
function ConfirmedCell({ status, confirmedAt }: { status: string; confirmedAt: string | null }) {
  if (confirmedAt) return <time dateTime={confirmedAt}>{formatUtcDateTime(confirmedAt)}</time>;
  return <span className="muted">{status === "pending" ? "Not yet" : "Single opt-in"}</span>;
}

export function BetaTestersPage() {
  const data = useLoaderData<typeof loadBetaTesters>();
  const answer = useActionData<InvitationAnswer>();
  const review = answer && "review" in answer ? answer.review : null;
  const refusal = refusalMessage(answer as SubmissionResult<string[]> | undefined);
  const { filters, sortLinks, filtered } = data;
  return (
    <>
      <PageHeader
        title="Beta testers"
        description="Everyone who joined the beta list or asked to be notified. Filter, sort and export them."
        actions={
          <a className="btn btn-sm btn-primary" href={data.exportHref} download>
            Export CSV
          </a>
        }
      />
      {review ? <InvitationReviewPanel review={review} cancelTo={data.hereHref} /> : <InvitePanel invite={data.invite} refusal={refusal} />}
      {data.invite.batches.length > 0 ? <InvitationBatches batches={data.invite.batches} /> : null}
      {data.confirm ? (
        <ConfirmPanel title={`Delete ${data.confirm.email}?`} intent="delete" id={data.confirm.id} confirmLabel="Delete for good" cancelTo={data.hereHref}>
          <p>This removes them from the beta list for good. Use it when someone asks to be forgotten.</p>
        </ConfirmPanel>
      ) : null}

      <section className="admin-panel" aria-labelledby="filters-title">
        <h2 id="filters-title">Filter</h2>
        <Form method="get" action={PATH} className="filters" role="search" aria-labelledby="filters-title">
          <div>
            <label className="field-label" htmlFor="bt-q">
              Search
            </label>
            <input className="field-input" id="bt-q" type="search" name="q" defaultValue={filters.q} placeholder="Email or name" maxLength={200} />
          </div>
          <FilterSelect
            id="bt-intent"
            name="intent"
            label="Intent"
            all="All intents"
            allValue="all"
            values={WAITLIST_INTENTS}
            current={filters.intent}
            show={intentLabel}
          />
          <FilterSelect
            id="bt-status"
            name="status"
            label="Status"
            all="All statuses"
            allValue="all"
            values={data.statuses}
            current={filters.status}
            show={humanize}
          />
          <FilterSelect id="bt-source" name="source" label="Source" all="All sources" values={data.sources} current={filters.source} show={humanize} />
          <FilterSelect id="bt-utm" name="utm" label="UTM source" all="All UTM sources" values={data.utmSources} current={filters.utm} />
          <DateFilter id="bt-from" name="from" label="Signed up from" current={filters.from} hintId="bt-dates-hint" />
          <DateFilter id="bt-to" name="to" label="Signed up to" current={filters.to} hintId="bt-dates-hint" />
          {data.keepSort.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="admin-actions">
            <button type="submit" className="btn btn-sm btn-primary">
              Apply
            </button>
            <Link to={PATH} className="btn btn-sm btn-secondary">
              Clear
            </Link>
          </div>
        </Form>
        <p id="bt-dates-hint" className="field-hint">
          Dates are whole days in UTC, both included.
          {data.exportCapped ? ` The export holds the first ${data.exportCapped.toLocaleString("en")} matching rows.` : ""}
        </p>
      </section>

      <AdminTable
        testId="beta-testers"
        className="mt-5"
        caption={filtered ? "Beta testers matching the filters" : "All beta testers"}
        columns={[
          { label: "Invite" },
          { label: "Email", cell: <SortHeader key="email" sort="email" link={sortLinks.email} dir={filters.dir} /> },
          { label: "Name", cell: <SortHeader key="name" sort="name" link={sortLinks.name} dir={filters.dir} /> },
          { label: "Status" },
          { label: "Intent" },
          { label: "Source" },
          { label: "UTM source" },
          { label: "UTM medium" },
          { label: "UTM campaign" },
          { label: "Platform" },
          { label: "Signed up", cell: <SortHeader key="created_at" sort="created_at" link={sortLinks.created_at} dir={filters.dir} /> },
          { label: "Confirmed" },
          { label: "Referrals", numeric: true },
          { label: "Invited" },
          { label: <span className="visually-hidden">Actions</span> },
        ]}
        empty={data.rows.length === 0 ? (filtered ? "No beta testers match these filters." : "No one has joined the beta list yet.") : null}
      >
        {data.rows.map((row) => (
          <tr key={row.id} data-testid="beta-tester-row">
            <td>
              <input
                type="checkbox"
                className="h-5 w-5 accent-[#4f46e5]"
                form={INVITE_SELECTED_FORM}
                name={`invite.${row.id}`}
                aria-label={`Invite ${row.email}`}
                disabled={!row.betaTester || row.invitedAt !== null}
              />
            </td>
            <td className="cell-clip">{row.email}</td>
            <td className="cell-clip">{[row.firstName, row.lastName].filter(Boolean).join(" ") || "—"}</td>
            <td>
              <span className={STATUS_PILL[row.status] ?? "pill"}>{humanize(row.status)}</span>
            </td>
            <td>{intentLabel(row.intent)}</td>
            <td>{humanize(row.source)}</td>
            <td className="cell-clip">{dash(row.utmSource)}</td>
            <td className="cell-clip">{dash(row.utmMedium)}</td>
            <td className="cell-clip">{dash(row.utmCampaign)}</td>
            <td>{dash(row.platform)}</td>
            <td className="whitespace-nowrap">
              <time dateTime={row.createdAt}>{formatUtcDateTime(row.createdAt)}</time>
            </td>
            <td className="whitespace-nowrap">
              <ConfirmedCell status={row.status} confirmedAt={row.confirmedAt} />
            </td>
            <td className="num">{row.referralCount.toLocaleString("en")}</td>
            <td className="whitespace-nowrap">
              {row.invitedAt ? (
                <time dateTime={row.invitedAt}>{formatUtcDateTime(row.invitedAt)}</time>
              ) : (
                <span className="muted">{row.intent !== "beta_testing" ? "Not in the beta" : row.wantsInvitations ? "Not yet" : "Turned off"}</span>
              )}
            </td>
            <td>
              <Link to={confirmHref(PATH, data.hereQuery, row.id)} className="btn btn-xs btn-secondary" aria-label={`Delete ${row.email}`}>
                Delete
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "beta tester" : "beta testers"} />
    </>
  );
}
