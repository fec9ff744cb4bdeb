import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CampaignList, type CampaignListItem } from "~/features/admin/campaigns/CampaignList";
import { ReviewedMessage } from "~/features/admin/campaigns/EmailPreview";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { IntentFields } from "~/features/admin/ui/PostButton";
// Only types from the .server module: the browser bundle leaves its values out.
import type { InvitationReview } from "./invitations.server";

/** The form the table's row checkboxes belong to (their form attribute), so ticking works without JavaScript. */
export const INVITE_SELECTED_FORM = "invite-selected-form";

export interface InviteData {
  emailOn: boolean;
  testflightUrl: string | null;
  invitable: number;
  invited: number;
  requestKey: string;
  batches: CampaignListItem[];
}

const n = (value: number) => value.toLocaleString("en");

/** Inviting: how many can be invited, the two ways to choose them, and why it cannot be done when it cannot. */
export function InvitePanel({ invite, refusal }: { invite: InviteData; refusal: string | null }) {
  const blocked = !invite.emailOn ? "off" : !invite.testflightUrl ? "no-link" : null;
  return (
    <section className="admin-panel" aria-labelledby="invite-title" data-testid="invite-panel">
      <h2 id="invite-title">Invite testers</h2>
      <p className="text-sm text-ink-muted">
        An invitation carries the TestFlight link and install steps, and goes out through the outbox at the provider&apos;s pace. Everyone is invited once;
        unconfirmed, unsubscribed and already invited people, and those who turned beta invitations off, are never invited.
      </p>
      <p className="mt-2 text-sm" data-testid="invite-counts">
        <strong>{n(invite.invitable)}</strong> {invite.invitable === 1 ? "tester can" : "testers can"} be invited · {n(invite.invited)} invited so far.
      </p>
      {blocked === "off" ? (
        <p className="alert-error mt-3">Email is off, so no invitation can be sent. The Email page says how to turn it on.</p>
      ) : blocked === "no-link" ? (
        <p className="alert-error mt-3">
          Set the TestFlight public link in <Link className="underline" to={ADMIN_PATHS.settings}>Settings</Link> first: every invitation carries it.
        </p>
      ) : (
        <p className="mt-1 text-sm text-ink-muted">
          TestFlight link: <span className="break-all font-mono">{invite.testflightUrl}</span> (<Link className="underline" to={ADMIN_PATHS.settings}>change</Link>)
        </p>
      )}
      <AlertMessage message={refusal} className="mt-3" testId="invite-refusal" />
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Form method="post" className="grid gap-2" preventScrollReset>
          <IntentFields intent="review-invite" />
          <input type="hidden" name="mode" value="next" />
          <input type="hidden" name="request" value={invite.requestKey} />
          <label className="field-label" htmlFor="invite-count">
            Invite the next testers in line
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id="invite-count"
              className="field-input"
              style={{ maxWidth: "8rem" }}
              name="count"
              type="number"
              inputMode="numeric"
              min={1}
              max={10_000}
              step={1}
              required
              defaultValue={Math.min(25, Math.max(invite.invitable, 1))}
              aria-describedby="invite-count-hint"
            />
            <button type="submit" className="btn btn-sm btn-primary" disabled={blocked !== null}>
              Review the invitation
            </button>
          </div>
          <p id="invite-count-hint" className="field-hint">
            In the order they confirmed (their place in line), skipping anyone who cannot be invited.
          </p>
        </Form>
        {/* The table's checkboxes and its bulk buttons belong to this form (their form attribute); each button sends its own intent. */}
        <Form method="post" id={INVITE_SELECTED_FORM} className="grid content-start gap-2" preventScrollReset>
          <input type="hidden" name="mode" value="selected" />
          <input type="hidden" name="request" value={invite.requestKey} />
          <p className="field-label">Or invite the rows you ticked</p>
          <div>
            <button type="submit" name="intent" value="review-invite" className="btn btn-sm btn-secondary" disabled={blocked !== null}>
              Review the ticked testers
            </button>
          </div>
          <p className="field-hint">Tick testers in the table below, then review (or use “Invite…” above the table).</p>
        </Form>
      </div>
    </section>
  );
}

/** The review before sending: who gets it, the message as they get it, a test copy, then Invite. */
export function InvitationReviewPanel({ review, cancelTo }: { review: InvitationReview; cancelTo: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [review.requestKey, review.testSentTo]);
  const who = review.mode === "next" ? `the next ${n(review.count ?? 0)} in line` : `${n(review.ids.length)} ticked`;
  const fields = (
    <>
      <input type="hidden" name="mode" value={review.mode} />
      <input type="hidden" name="request" value={review.requestKey} />
      {review.count !== null ? <input type="hidden" name="count" value={review.count} /> : null}
      {review.ids.map((id) => (
        <input key={id} type="hidden" name={`invite.${id}`} value="on" />
      ))}
    </>
  );
  return (
    <section ref={ref} tabIndex={-1} className="admin-panel review-panel" aria-labelledby="review-title" data-testid="invite-review">
      <h2 id="review-title">
        Invite {n(review.size)} {review.size === 1 ? "tester" : "testers"}?
      </h2>
      <p className="text-sm">
        You chose {who}. <strong>{n(review.size)}</strong> will get the invitation
        {review.leftOut > 0 ? `; ${n(review.leftOut)} cannot be invited (already invited, not confirmed, unsubscribed, or invitations off) and are left out` : ""}.
      </p>
      {review.named.length > 0 ? (
        <ul className="recipient-list mt-2" aria-label="Some of the recipients">
          {review.named.map((person) => (
            <li key={person.id} className="pill">
              {person.label}
            </li>
          ))}
          {review.size > review.named.length ? <li className="pill">and {n(review.size - review.named.length)} more</li> : null}
        </ul>
      ) : null}
      <Form method="post" className="admin-actions mt-4" preventScrollReset aria-label="Preview language">
        {fields}
        <label className="field-label" htmlFor="invitation-preview-language">
          Preview and test in
        </label>
        <select id="invitation-preview-language" name="previewLanguage" className="field-input w-auto" defaultValue={review.previewLanguage}>
          {review.languages.map((language) => (
            <option key={language.code} value={language.code}>
              {language.name}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="review-invite" className="btn btn-sm btn-secondary">
          Show
        </button>
      </Form>
      <p className="text-sm text-ink-muted" data-testid="invitation-preview-language">
        Shown as a tester who signed up in {review.previewLanguageName} gets it; each tester gets it in their own language.
      </p>
      <ReviewedMessage message={review.preview} idPrefix="invitation" testSentTo={review.testSentTo} />
      <Form method="post" className="admin-actions mt-4" preventScrollReset>
        {fields}
        <input type="hidden" name="previewLanguage" value={review.previewLanguage} />
        <button type="submit" name="intent" value="invite" className="btn btn-sm btn-primary" disabled={review.size === 0}>
          Invite {n(review.size)} {review.size === 1 ? "tester" : "testers"}
        </button>
        <button type="submit" name="intent" value="test-invite" className="btn btn-sm btn-secondary">
          Send a test to me
        </button>
        <Link to={cancelTo} className="btn btn-sm btn-secondary" replace>
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** The invitation batches with their delivery health. */
export function InvitationBatches({ batches }: { batches: CampaignListItem[] }) {
  return (
    <section className="mb-5" aria-labelledby="batches-title">
      <h2 id="batches-title" className="text-lg font-bold">
        Invitation batches
      </h2>
      <p className="mb-3 text-sm text-ink-muted">
        The latest ten. Bounced and complaints come from the provider&apos;s delivery reports; skipped means the person left or changed their
        preferences before their turn.
      </p>
      <CampaignList items={batches} noun="Batch" testId="invitation-batches" caption="Invitation batches, newest first" />
    </section>
  );
}

