import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CampaignList } from "~/features/admin/campaigns/CampaignList";
import { ReviewedMessage } from "~/features/admin/campaigns/EmailPreview";
import { refusalMessage } from "~/features/admin/form-schema";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { FieldError, SelectField, TextAreaField, TextField } from "~/features/admin/ui/fields";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { useAdminForm } from "~/features/admin/ui/useAdminForm";
import { announcementSchema, BODY_MAX, SUBJECT_MAX } from "./announcement-schema";
// Only types from the .server module: the browser bundle leaves its values out.
import type { AnnouncementReview, loadAnnouncements } from "./announcements.server";

type Answer = { result?: SubmissionResult<string[]>; review?: AnnouncementReview } | SubmissionResult<string[]>;

const n = (value: number) => value.toLocaleString("en");

export function AnnouncementsPage() {
  const data = useLoaderData<typeof loadAnnouncements>();
  const answer = useActionData<Answer>();
  const result = answer && "result" in answer ? answer.result : undefined;
  const review = answer && "review" in answer ? answer.review : undefined;
  const refusal = refusalMessage(answer && !("result" in answer) ? (answer as SubmissionResult<string[]>) : undefined);
  const [form, fields] = useAdminForm(announcementSchema, {
    id: "announcement-form",
    lastResult: result,
    defaultValue: { request: data.requestKey, segment: "updates", language: "all", previewLanguage: "en" },
  });
  const requestKey = review?.requestKey ?? data.requestKey;
  const segmentError = fields.segment.errors?.[0];
  return (
    <>
      <PageHeader
        title="Announcements"
        description="Write to the people who asked to hear from you: a subject, a message in Markdown, and who gets it. Preview it, send yourself a test, then send."
      />
      {!data.emailOn ? <p className="alert-error mb-5">Email is off, so nothing can be sent. The Email page says how to turn it on.</p> : null}
      <AlertMessage message={refusal} testId="announcement-refusal" className="mb-5" />
      <section className="admin-panel" aria-labelledby="compose-title">
        <h2 id="compose-title">Write an announcement</h2>
        <Form method="post" className="form-grid" preventScrollReset {...getFormProps(form, { ariaAttributes: false })}>
          <input type="hidden" name="request" value={requestKey} />
          <TextField meta={fields.subject} id="announcement-subject" label="Subject" maxLength={SUBJECT_MAX} autoComplete="off" />
          <TextAreaField
            meta={fields.body}
            id="announcement-body"
            label="Message (Markdown)"
            rows={12}
            maxLength={BODY_MAX}
            style={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", fontSize: "0.9375rem" }}
            hint={
              <>
                **bold**, *italic*, [a link](https://example.com), lists with - and 1., ## headings, &gt; quotes. Links may be https, http, mailto, or a path on
                this site (/blog/…). HTML and images are shown as text and links: nothing loads from elsewhere, nothing tracks the reader. A greeting and the
                unsubscribe footer are added for you.
              </>
            }
          />
          <fieldset className="setting-group" aria-describedby={segmentError ? "segment-error" : undefined}>
            <legend className="field-label">Who gets it</legend>
            <ul className="grid gap-2" data-testid="segments">
              {data.segments.map((choice) => (
                <li key={choice.segment}>
                  <label className="check-row items-start">
                    <input
                      type="radio"
                      name={fields.segment.name}
                      value={choice.segment}
                      required
                      defaultChecked={(fields.segment.initialValue ?? "updates") === choice.segment}
                      aria-invalid={segmentError ? true : undefined}
                      className="mt-1"
                    />
                    <span>
                      <span className="font-semibold">{choice.label}</span>{" "}
                      <span className="pill" data-testid={`segment-size-${choice.segment}`}>
                        {n(choice.size)} {choice.size === 1 ? "person" : "people"}
                      </span>
                      <span className="block text-sm font-normal text-ink-muted">{choice.description}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <FieldError id="segment-error" message={segmentError} />
          </fieldset>
          <SelectField
            meta={fields.language}
            id="announcement-language"
            label="Only people who signed up in"
            hint="Each person gets the greeting, buttons and footer in the language they signed up in; your message goes out as you wrote it."
          >
            <option value="all">Every language</option>
            {data.languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </SelectField>
          <SelectField meta={fields.previewLanguage} id="announcement-preview-language" label="Preview and test in">
            {data.languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </SelectField>
          <div className="admin-actions">
            <button type="submit" name="intent" value="preview" className="btn btn-sm btn-primary">
              Preview
            </button>
          </div>
        </Form>
      </section>
      {review ? <AnnouncementReviewPanel review={review} /> : null}
      <section className="mt-5" aria-labelledby="sent-title">
        <h2 id="sent-title" className="text-lg font-bold">
          Sent announcements
        </h2>
        <p className="mb-3 text-sm text-ink-muted">
          The latest twenty, with their audience when sent and how delivery went. Skipped means the person left or changed their preferences before it
          was their turn. <Link className="underline" to={ADMIN_PATHS.email}>The Email page</Link> shows every message.
        </p>
        <CampaignList items={data.announcements} noun="Subject" testId="announcements" caption="Sent announcements, newest first" />
      </section>
    </>
  );
}

/** The message as its readers get it, the number it goes to, a test copy, then Send (the same fields posted again). */
function AnnouncementReviewPanel({ review }: { review: AnnouncementReview }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [review]);
  return (
    <section ref={ref} tabIndex={-1} className="admin-panel review-panel mt-5" aria-labelledby="announcement-review-title" data-testid="announcement-review">
      <h2 id="announcement-review-title">
        Send to {n(review.size)} {review.size === 1 ? "person" : "people"}?
      </h2>
      <p className="text-sm">
        {review.segmentLabel}: <strong>{n(review.size)}</strong> {review.size === 1 ? "person" : "people"} right now. Each gets it only if they are still in
        the segment, not unsubscribed and not suppressed when their turn comes; every message has one-click unsubscribe.
      </p>
      <p className="text-sm text-ink-muted" data-testid="announcement-preview-language">
        Shown as someone who signed up in {review.previewLanguageName} gets it.
      </p>
      <ReviewedMessage message={review.preview} idPrefix="announcement" testSentTo={review.testSentTo} />
      <Form method="post" className="admin-actions mt-4" preventScrollReset>
        <input type="hidden" name="subject" value={review.subject} />
        <input type="hidden" name="body" value={review.body} />
        <input type="hidden" name="segment" value={review.segment} />
        <input type="hidden" name="language" value={review.language} />
        <input type="hidden" name="previewLanguage" value={review.previewLanguage} />
        <input type="hidden" name="request" value={review.requestKey} />
        <button type="submit" name="intent" value="send" className="btn btn-sm btn-primary" disabled={review.size === 0}>
          Send to {n(review.size)} {review.size === 1 ? "person" : "people"}
        </button>
        <button type="submit" name="intent" value="test" className="btn btn-sm btn-secondary">
          Send a test to me
        </button>
      </Form>
    </section>
  );
}
