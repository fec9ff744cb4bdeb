import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";
import { DateFilter, FilterActions, FilterSelect } from "~/features/admin/ui/filter-fields";
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
import type { BetaTesterSort, loadBetaTesters, OptionalColumn, SortDirection } from "./beta-testers.server";
import type { BulkOutcome } from "./tester-actions.server";
import { betaTesterPath } from "./tester-paths";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { formatUtcDate } from "~/lib/dates";
import { PLATFORM_NAMES, type PlatformSegment } from "~/features/email/segments";

const PATH = ADMIN_PATHS.betaTesters;

const SORT_LABELS: Record<BetaTesterSort, { label: string; asc: string; desc: string }> = {
  created_at: { label: "Signed up", asc: "oldest first", desc: "newest first" },
  place: { label: "Place", asc: "first place first", desc: "last place first" },
  referrals: { label: "Referrals", asc: "fewest first", desc: "most first" },
  email: { label: "Email", asc: "A to Z", desc: "Z to A" },
  name: { label: "Name", asc: "A to Z", desc: "Z to A" },
};

function SortHeader({
  sort,
  link,
  dir,
  numeric = false,
}: {
  sort: BetaTesterSort;
  link: { href: string; active: boolean; next: SortDirection };
  dir: SortDirection;
  numeric?: boolean;
}) {
  const labels = SORT_LABELS[sort];
  return (
    <th scope="col" className={numeric ? "num" : undefined} aria-sort={link.active ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={link.href} data-testid={`sort-${sort}`}>
        {labels.label}
        <span className="visually-hidden"> (sort {labels[link.next]})</span>
        {link.active ? <span aria-hidden="true">{dir === "asc" ? "▲" : "▼"}</span> : null}
      </Link>
    </th>
  );
}


const STATUS_PILL: Record<string, string> = { pending: "pill", confirmed: "pill pill-on", unsubscribed: "pill pill-off" };

/** The optional columns' headings, in the order the table shows them after the default ones. */
const OPTIONAL_LABELS: Record<OptionalColumn, string> = {
  language: "Language",
  intent: "Intent",
  platform: "Platform",
  source: "Source",
  utm: "UTM",
  confirmed: "Confirmed",
  priority: "Priority",
};

/** When the address was confirmed; entries from before double opt-in (or made while email is off) never were. */
function ConfirmedCell({ status, confirmedAt }: { status: string; confirmedAt: string | null }) {
  if (confirmedAt) return <time dateTime={confirmedAt}>{formatUtcDateTime(confirmedAt)}</time>;
  return <span className="muted">{status === "pending" ? "Not yet" : "Single opt-in"}</span>;
}

type Row = ReturnType<typeof useLoaderData<typeof loadBetaTesters>>["rows"][number];

function platformText(row: Row): string {
  const wanted = (["android", "macos", "chrome_extension"] as PlatformSegment[]).filter(
    (p) => ({ android: row.wantsAndroid, macos: row.wantsMacos, chrome_extension: row.wantsChromeExtension })[p],
  );
  const asked = wanted.map((p) => PLATFORM_NAMES[p].replace(/^the /, "")).join(", ");
  return [row.platform, asked ? `asked: ${asked}` : ""].filter(Boolean).join(" · ") || "—";
}

function optionalCell(column: OptionalColumn, row: Row) {
  switch (column) {
    case "language":
      return row.languageName;
    case "intent":
      return intentLabel(row.intent);
    case "platform":
      return platformText(row);
    case "source":
      return humanize(row.source);
    case "utm":
      return [row.utmSource, row.utmMedium, row.utmCampaign].filter(Boolean).join(" / ") || "—";
    case "confirmed":
      return <ConfirmedCell status={row.status} confirmedAt={row.confirmedAt} />;
    case "priority":
      return row.priority.toLocaleString("en");
  }
}

function InvitedCell({ row }: { row: Row }) {
  if (row.invitedAt) return <time dateTime={row.invitedAt}>{formatUtcDate(row.invitedAt)}</time>;
  return <span className="muted">{row.intent !== "beta_testing" ? "Not in the beta" : row.wantsInvitations ? "Not yet" : "Turned off"}</span>;
}

/** Deleting the ticked rows asks first: who would go, and the same ticks posted again. */
function BulkDeletePanel({ ids, emails, cancelTo }: { ids: number[]; emails: string[]; cancelTo: string }) {
  const ticked = Object.fromEntries(ids.map((id) => [`invite.${id}`, "on"]));
  return (
    <ConfirmPanel
      title={`Delete ${emails.length} ${emails.length === 1 ? "person" : "people"}?`}
      intent="bulk-delete"
      fields={{ confirmed: "yes", ...ticked }}
      confirmLabel="Delete for good"
      cancelTo={cancelTo}
    >
      <p>This removes them from the beta list for good: {emails.join(", ")}.</p>
    </ConfirmPanel>
  );
}

/** The buttons that act on the ticked rows: they submit the form the rows' checkboxes belong to. */
function BulkActions({ disabled }: { disabled: boolean }) {
  const button = (intent: string, label: string, className = "btn btn-xs btn-secondary") => (
    <button type="submit" form={INVITE_SELECTED_FORM} name="intent" value={intent} className={className} disabled={disabled}>
      {label}
    </button>
  );
  return (
    <div className="bulk-actions" role="group" aria-label="With the ticked rows">
      <span className="field-label">With the ticked rows:</span>
      {button("review-invite", "Invite…")}
      {button("bulk-resend", "Resend their email")}
      {button("bulk-front", "Move to the front")}
      {button("bulk-unsubscribe", "Unsubscribe")}
      {button("bulk-delete", "Delete…", "btn btn-xs btn-danger")}
    </div>
  );
}

export function BetaTestersPage() {
  const data = useLoaderData<typeof loadBetaTesters>();
  const answer = useActionData<InvitationAnswer | BulkOutcome | (SubmissionResult<string[]> & { bulk?: true })>();
  const review = answer && "review" in answer ? answer.review : null;
  const confirmDelete = answer && "confirmDelete" in answer ? answer.confirmDelete : null;
  const refusal = refusalMessage(answer as SubmissionResult<string[]> | undefined);
  const bulkRefusal = answer && "bulk" in answer ? refusal : null;
  const { filters, sortLinks, filtered } = data;
  const cols = filters.cols;
  return (
    <>
      <PageHeader
        title="Beta testers"
        description="Everyone who joined the beta list or asked to be notified, with their place in line. Open a person for their record, emails and notes."
        actions={
          <a className="btn btn-sm btn-primary" href={data.exportHref} download>
            Export CSV
          </a>
        }
      />
      {review ? (
        <InvitationReviewPanel review={review} cancelTo={data.hereHref} />
      ) : (
        <InvitePanel invite={data.invite} refusal={bulkRefusal ? null : refusal} />
      )}
      {data.invite.batches.length > 0 ? <InvitationBatches batches={data.invite.batches} /> : null}
      {data.confirm ? (
        <ConfirmPanel title={`Delete ${data.confirm.email}?`} intent="delete" id={data.confirm.id} confirmLabel="Delete for good" cancelTo={data.hereHref}>
          <p>This removes them from the beta list for good. Use it when someone asks to be forgotten.</p>
        </ConfirmPanel>
      ) : null}
      {confirmDelete ? <BulkDeletePanel ids={confirmDelete.ids} emails={confirmDelete.emails} cancelTo={data.hereHref} /> : null}

      <section className="admin-panel" aria-labelledby="filters-title">
        <h2 id="filters-title">Find people</h2>
        <Form method="get" action={PATH} className="filters" role="search" aria-labelledby="filters-title">
          <div>
            <label className="field-label" htmlFor="bt-q">
              Search
            </label>
            <input className="field-input" id="bt-q" type="search" name="q" defaultValue={filters.q} placeholder="Email or name" maxLength={200} />
          </div>
          <FilterSelect id="bt-status" name="status" label="Status" all="All statuses" allValue="all" values={data.statuses} current={filters.status} show={humanize} />
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
            id="bt-platform"
            name="platform"
            label="Asked about"
            all="Any platform"
            allValue="all"
            values={data.platforms}
            current={filters.platform}
            show={(value) => humanize(PLATFORM_NAMES[value as PlatformSegment]?.replace(/^the /, "") ?? value)}
          />
          <FilterSelect
            id="bt-invited"
            name="invited"
            label="Invited"
            all="Invited or not"
            allValue="all"
            values={["yes", "no"]}
            current={filters.invited}
            show={(value) => (value === "yes" ? "Invited" : "Not invited")}
          />
          <FilterSelect
            id="bt-language"
            name="language"
            label="Language"
            all="All languages"
            allValue="all"
            values={data.languages.map((language) => language.code)}
            current={filters.language}
            show={(code) => data.languages.find((language) => language.code === code)?.name ?? code}
          />
          <FilterSelect id="bt-source" name="source" label="Source" all="All sources" values={data.sources} current={filters.source} show={humanize} />
          <FilterSelect id="bt-utm" name="utm" label="UTM source" all="All UTM sources" values={data.utmSources} current={filters.utm} />
          <DateFilter id="bt-from" name="from" label="Signed up from" current={filters.from} hintId="bt-dates-hint" />
          <DateFilter id="bt-to" name="to" label="Signed up to" current={filters.to} hintId="bt-dates-hint" />
          <FilterSelect
            id="bt-sort"
            name="sort"
            label="Sort by"
            all="Signed up (newest first)"
            allValue="created_at"
            values={["place", "referrals", "email", "name"]}
            current={filters.sort}
            show={(value) => ({ place: "Place in line", referrals: "Most referrals", email: "Email", name: "Name" })[value] ?? value}
          />
          {data.keepDir ? <input type="hidden" name="dir" value={data.keepDir} /> : null}
          <fieldset className="column-picker">
            <legend className="field-label">More columns</legend>
            {(Object.keys(OPTIONAL_LABELS) as OptionalColumn[]).map((column) => (
              <label key={column} className="check-row">
                <input type="checkbox" name="col" value={column} defaultChecked={cols.includes(column)} />
                {OPTIONAL_LABELS[column]}
              </label>
            ))}
          </fieldset>
          <FilterActions clearTo={PATH} />
        </Form>
        <p id="bt-dates-hint" className="field-hint">
          Dates are whole days in UTC, both included.
          {data.exportCapped ? ` The export holds the first ${data.exportCapped.toLocaleString("en")} matching rows.` : ""}
        </p>
      </section>

      <AlertMessage message={bulkRefusal} className="mt-5" testId="bulk-refusal" />
      <BulkActions disabled={data.rows.length === 0} />
      <AdminTable
        testId="beta-testers"
        className="tester-table-wrap mt-0"
        caption={filtered ? "Beta testers matching the filters" : "All beta testers"}
        columns={[
          { label: <span className="visually-hidden">Tick</span> },
          { label: "Email", cell: <SortHeader key="email" sort="email" link={sortLinks.email} dir={filters.dir} /> },
          { label: "Name", cell: <SortHeader key="name" sort="name" link={sortLinks.name} dir={filters.dir} /> },
          { label: "Status" },
          { label: "Place", cell: <SortHeader key="place" sort="place" link={sortLinks.place} dir={filters.dir} numeric /> },
          { label: "Referrals", cell: <SortHeader key="referrals" sort="referrals" link={sortLinks.referrals} dir={filters.dir} numeric /> },
          { label: "Referred by" },
          { label: "Invited" },
          { label: "Signed up", cell: <SortHeader key="created_at" sort="created_at" link={sortLinks.created_at} dir={filters.dir} /> },
          ...cols.map((column) => ({ label: OPTIONAL_LABELS[column] })),
        ]}
        empty={data.rows.length === 0 ? (filtered ? "No beta testers match these filters." : "No one has joined the beta list yet.") : null}
      >
        {data.rows.map((row) => {
          const name = [row.firstName, row.lastName].filter(Boolean).join(" ");
          return (
            <tr key={row.id} data-testid="beta-tester-row">
              {/* Named by the person's email (no visible "Select"): a card shows it at the top right, beside the email. */}
              <td className="cell-select">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-[#4f46e5]"
                  form={INVITE_SELECTED_FORM}
                  name={`invite.${row.id}`}
                  aria-labelledby={`tester-email-${row.id}`}
                />
              </td>
              <td className="cell-email" data-label="Email">
                <Link to={betaTesterPath(row.id)} id={`tester-email-${row.id}`} data-testid="tester-link">
                  {row.email}
                </Link>
              </td>
              <td className="cell-name" data-label="Name">
                {name || "—"}
              </td>
              <td data-label="Status">
                <span className={STATUS_PILL[row.status] ?? "pill"}>{humanize(row.status)}</span>
              </td>
              <td className="num" data-label="Place" data-testid="tester-place">
                {row.place ? `#${row.place.toLocaleString("en")}` : <span className="muted">—</span>}
              </td>
              <td className="num" data-label="Referrals">
                {row.referralCount.toLocaleString("en")}
              </td>
              <td className="cell-email" data-label="Referred by">
                {row.referredById && row.referredByEmail ? <Link to={betaTesterPath(row.referredById)}>{row.referredByEmail}</Link> : <span className="muted">—</span>}
              </td>
              <td className="whitespace-nowrap" data-label="Invited">
                <InvitedCell row={row} />
              </td>
              <td className="whitespace-nowrap" data-label="Signed up">
                <time dateTime={row.createdAt} title={formatUtcDateTime(row.createdAt)}>
                  {formatUtcDate(row.createdAt)}
                </time>
              </td>
              {cols.map((column) => (
                <td key={column} className={column === "utm" || column === "platform" ? "cell-clip" : undefined} data-label={OPTIONAL_LABELS[column]}>
                  {optionalCell(column, row)}
                </td>
              ))}
            </tr>
          );
        })}
      </AdminTable>
      <Pagination page={data.page} pageCount={data.pageCount} total={data.total} noun={data.total === 1 ? "beta tester" : "beta testers"} />
    </>
  );
}
