import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { answerFor, refusalMessage } from "~/features/admin/form-schema";
import { AdminTable } from "~/features/admin/ui/AdminTable";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { TextAreaField, TextField } from "~/features/admin/ui/fields";
import { humanize, intentLabel } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { IntentFields } from "~/features/admin/ui/PostButton";
import { useAdminForm } from "~/features/admin/ui/useAdminForm";
import { formatUtcDateTime } from "~/lib/dates";
// Only types from the .server module: the browser bundle leaves its values out.
import type { loadBetaTester, ReferralNode } from "./tester-page.server";
import { betaTesterPath } from "./tester-paths";
import { MAX_PRIORITY, noteSchema, prioritySchema } from "./tester-schema";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";

type Data = ReturnType<typeof useLoaderData<typeof loadBetaTester>>;

const STATUS_PILL: Record<string, string> = { pending: "pill", confirmed: "pill pill-on", unsubscribed: "pill pill-off" };

function When({ at, none = "—" }: { at: string | null; none?: string }) {
  return at ? <time dateTime={at}>{formatUtcDateTime(at)}</time> : <span className="muted">{none}</span>;
}

/** A list of label and value pairs. */
function Facts({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <dl className="facts" data-testid={testId}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ActionButton({ intent, label, extra = {}, className = "btn btn-sm btn-secondary", disabled = false }: { intent: string; label: string; extra?: Record<string, string>; className?: string; disabled?: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <IntentFields intent={intent} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

function ActionsPanel({ data, lastResult }: { data: Data; lastResult: SubmissionResult<string[]> | undefined }) {
  const { person, place, invite } = data;
  const { key: visit } = useLocation();
  const [form, fields] = useAdminForm(prioritySchema, { id: `priority-form-${visit}`, lastResult: answerFor(lastResult, "priority"), defaultValue: { priority: String(person.priority) } });
  const canInvite = invite.emailOn && Boolean(invite.testflightUrl) && person.status === "confirmed" && person.intent === "beta_testing" && !person.invitedAt;
  return (
    <section className="admin-panel" aria-labelledby="actions-title" data-testid="tester-actions">
      <h2 id="actions-title">Actions</h2>
      <AlertMessage message={refusalMessage(lastResult)} testId="tester-refusal" />
      <div className="admin-actions">
        {person.status === "pending" ? <ActionButton intent="resend" label="Resend the confirmation" /> : null}
        {person.status === "confirmed" ? <ActionButton intent="resend" label="Resend the status link" /> : null}
        {place ? <ActionButton intent="front" label="Move to the front" /> : null}
        {person.intent === "beta_testing" && person.status === "confirmed" ? (
          <ActionButton intent="invite" label={person.invitedAt ? "Invited" : "Invite now"} extra={{ request: invite.requestKey }} disabled={!canInvite} className="btn btn-sm btn-primary" />
        ) : null}
        {person.status !== "unsubscribed" ? <ActionButton intent="unsubscribe" label="Unsubscribe" /> : null}
        <Link to={`${betaTesterPath(person.id)}?confirm=delete`} className="btn btn-sm btn-danger">
          Delete…
        </Link>
      </div>
      {!invite.emailOn ? <p className="field-hint mt-2">Email is off: nothing can be sent or invited until it is on (the Email page says how).</p> : null}
      {invite.emailOn && !invite.testflightUrl ? (
        <p className="field-hint mt-2">
          Set the TestFlight public link in <Link to={ADMIN_PATHS.settings} className="underline">Settings</Link> to invite.
        </p>
      ) : null}
      <Form method="post" className="priority-form mt-4" {...getFormProps(form, { ariaAttributes: false })} preventScrollReset>
        <IntentFields intent="priority" />
        <TextField
          meta={fields.priority}
          id="tester-priority"
          label="Priority"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PRIORITY}
          step={1}
          hint="Higher goes first in line, ahead of referrals; everyone starts at 0. “Move to the front” sets one above everyone else’s."
        />
        <button type="submit" className="btn btn-sm btn-secondary">
          Set priority
        </button>
      </Form>
    </section>
  );
}

/** The referral tree as nested lists: who they brought, then who those brought. */
function ReferralTree({ nodes, root }: { nodes: ReferralNode[]; root: number }) {
  const children = (parent: number) => nodes.filter((node) => node.parent === parent);
  const branch = (parent: number): ReactNode => {
    const kids = children(parent);
    if (kids.length === 0) return null;
    return (
      <ul className="referral-tree">
        {kids.map((node) => (
          <li key={node.id}>
            <Link to={betaTesterPath(node.id)}>{node.email}</Link> <span className={STATUS_PILL[node.status] ?? "pill"}>{humanize(node.status)}</span>
            {branch(node.id)}
          </li>
        ))}
      </ul>
    );
  };
  return nodes.length === 0 ? <p className="text-sm text-ink-muted">No one has joined through their link yet.</p> : <>{branch(root)}</>;
}

function emailState(email: Data["emails"][number]): string {
  if (email.deliveryEvent) return humanize(email.deliveryEvent);
  if (email.status === "cancelled") return "Skipped";
  return humanize(email.status);
}

export function TesterPage() {
  const data = useLoaderData<typeof loadBetaTester>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { key: visit } = useLocation();
  const [noteForm, noteFields] = useAdminForm(noteSchema, { id: `note-form-${visit}`, lastResult: answerFor(lastResult, "note") });
  const { person, place } = data;
  const here = betaTesterPath(person.id);
  const wants = [
    person.preferences.invitations ? "beta invitations" : null,
    person.preferences.updates ? "news and updates" : null,
    person.preferences.android ? "Android" : null,
    person.preferences.macos ? "Mac" : null,
    person.preferences.chromeExtension ? "Chrome extension" : null,
  ].filter(Boolean);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={ADMIN_PATHS.betaTesters} className="underline">
          ← Beta testers
        </Link>
      </p>
      <PageHeader title={person.email} description={person.name || undefined} />
      {data.confirmDelete ? (
        <ConfirmPanel title={`Delete ${person.email}?`} intent="delete" confirmLabel="Delete for good" cancelTo={here}>
          <p>This removes them from the beta list for good, with their emails and notes. Use it when someone asks to be forgotten.</p>
        </ConfirmPanel>
      ) : null}
      <div className="tester-grid">
        <section className="admin-panel" aria-labelledby="record-title">
          <h2 id="record-title">Record</h2>
          <Facts
            testId="tester-record"
            items={[
              ["Status", <span key="s" className={STATUS_PILL[person.status] ?? "pill"}>{humanize(person.status)}</span>],
              [
                "Place in line",
                place ? (
                  <span key="p" data-testid="tester-place-in-line">
                    #{place.place.toLocaleString("en")} of {place.total.toLocaleString("en")}
                  </span>
                ) : (
                  <span key="p" className="muted">Not in line{person.intent !== "beta_testing" ? " (notify-me only)" : ""}</span>
                ),
              ],
              ["Priority", person.priority.toLocaleString("en")],
              ["Intent", intentLabel(person.intent)],
              ["Language", <span key="l" data-testid="tester-language">{person.language}</span>],
              ["Signed up", <When key="c" at={person.createdAt} />],
              ["Confirmed", <When key="cf" at={person.confirmedAt} none={person.status === "pending" ? "Not yet" : "Single opt-in"} />],
              ["Invited", <When key="i" at={person.invitedAt} none="Not yet" />],
              ...(person.unsubscribedAt ? ([["Unsubscribed", <When key="u" at={person.unsubscribedAt} />]] as [string, ReactNode][]) : []),
              ["Wants", wants.length ? wants.join(", ") : <span key="w" className="muted">Nothing</span>],
              ["Source", humanize(person.source)],
              ["Platform", person.attribution.platform ?? "—"],
              ["UTM", [person.attribution.utmSource, person.attribution.utmMedium, person.attribution.utmCampaign].filter(Boolean).join(" / ") || "—"],
              ["Came from", person.attribution.referrer ?? "—"],
            ]}
          />
        </section>
        <ActionsPanel data={data} lastResult={lastResult} />
        <section className="admin-panel" aria-labelledby="consent-title">
          <h2 id="consent-title">Proof of consent</h2>
          <Facts
            testId="tester-consent"
            items={[
              ["Given", <When key="a" at={person.consent.at} none="Not recorded (from before consent was recorded)" />],
              ["Form", person.consent.form ? humanize(person.consent.form) : "—"],
              ["Page", person.consent.page ? <span key="pg" className="break-all">{person.consent.page}</span> : "—"],
              ["Wording", person.consent.wording ?? "—"],
              ["Address confirmed", <When key="cf" at={person.confirmedAt} none={person.status === "pending" ? "Not yet" : "Single opt-in"} />],
            ]}
          />
          {person.pendingConsent ? (
            <p className="field-hint mt-2">
              A newer consent waits for its confirmation: given <When at={person.pendingConsent.at} /> on {person.pendingConsent.page ?? "—"} ({person.pendingConsent.wording ?? "—"}).
            </p>
          ) : null}
        </section>
        <section className="admin-panel" aria-labelledby="referrals-title">
          <h2 id="referrals-title">Referrals</h2>
          <p className="mb-2 text-sm">
            Referred by:{" "}
            {person.referredBy ? <Link to={betaTesterPath(person.referredBy.id)}>{person.referredBy.email}</Link> : <span className="text-ink-muted">no one</span>}
            {" · "}
            {person.referralCount.toLocaleString("en")} confirmed {person.referralCount === 1 ? "referral" : "referrals"} credited
          </p>
          <ReferralTree nodes={data.tree} root={person.id} />
        </section>
      </div>

      <AdminTable
        testId="tester-emails"
        className="tester-table-wrap mt-5"
        caption="Emails to them, newest first"
        columns={[{ label: "Message" }, { label: "State" }, { label: "Attempts", numeric: true }, { label: "Queued" }, { label: "Sent" }]}
        empty={data.emails.length === 0 ? "No emails yet." : null}
      >
        {data.emails.map((email) => (
          <tr key={email.id} data-testid="tester-email">
            <td data-label="Message">{humanize(email.kind)}</td>
            <td data-label="State">
              <span className={email.deliveryEvent === "bounced" || email.deliveryEvent === "complained" || email.status === "failed" ? "pill pill-warn" : "pill"}>{emailState(email)}</span>
              {email.status === "failed" && email.lastError ? <span className="muted block">{email.lastError}</span> : null}
            </td>
            <td className="num" data-label="Attempts">
              {email.attempts}
            </td>
            <td data-label="Queued">
              <When at={email.createdAt} />
            </td>
            <td data-label="Sent">
              <When at={email.sentAt} />
            </td>
          </tr>
        ))}
      </AdminTable>

      <section className="admin-panel mt-5" aria-labelledby="notes-title">
        <h2 id="notes-title">Notes</h2>
        {data.notes.length > 0 ? (
          <ul className="audit-list mb-4" data-testid="tester-notes">
            {data.notes.map((note) => (
              <li key={note.id}>
                <span className="whitespace-pre-wrap">{note.body}</span>
                <span className="text-sm text-ink-muted">
                  {note.adminEmail} · <When at={note.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mb-4 text-sm text-ink-muted">No notes yet. Only admins see them.</p>
        )}
        <Form method="post" className="form-grid" {...getFormProps(noteForm, { ariaAttributes: false })} preventScrollReset>
          <IntentFields intent="note" />
          <TextAreaField meta={noteFields.body} id="tester-note" label="Add a note" rows={3} />
          <div>
            <button type="submit" className="btn btn-sm btn-secondary">
              Add note
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
