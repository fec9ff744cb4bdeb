import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { CheckboxRow, SelectField, TextAreaField, TextField } from "~/features/admin/ui/fields";
import { IntentFields } from "~/features/admin/ui/PostButton";
import { useAdminForm } from "~/features/admin/ui/useAdminForm";
import { REVIEW_LIMITS, REVIEW_PLATFORM_LABELS, REVIEW_PLATFORMS, reviewSchema, type ReviewFormDefaults } from "./review-schema";

/**
 * The review form, for creating and for editing (spec section 3's fields). A plain form post: the
 * browser checks it with the review schema as the admin types, the action checks it again, and a
 * refused form comes back with the typed values and a message per field.
 */
export function ReviewForm({
  intent,
  defaults,
  lastResult,
  submitLabel,
  cancelTo,
}: {
  intent: "create" | "update";
  defaults: ReviewFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  cancelTo: string;
}) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAdminForm(reviewSchema, { id: "review-form", lastResult, defaultValue: defaults });
  // Messages on fields ("" holds those about the whole form, shown by the page).
  const hasFieldErrors = Object.keys(form.allErrors).some((name) => name !== "");
  return (
    <Form method="post" className="admin-panel" {...getFormProps(form, { ariaAttributes: false })}>
      <IntentFields intent={intent} />
      {hasFieldErrors ? (
        <p role="alert" className="alert-error mb-4" data-testid="form-errors">
          The review was not saved. Please correct the fields marked below.
        </p>
      ) : null}
      <div className="form-grid">
        <TextField meta={fields.title} id="review-title" label="Title" />
        <TextAreaField
          meta={fields.content}
          id="review-content"
          label="Review text"
          hint={`Up to ${REVIEW_LIMITS.content.toLocaleString("en-US")} characters.`}
          rows={6}
        />
        <div className="form-grid form-grid-2">
          <TextField meta={fields.author_name} id="review-author_name" label="Author name" autoComplete="off" />
          <SelectField meta={fields.author_platform} id="review-author_platform" label="Platform">
            {REVIEW_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {REVIEW_PLATFORM_LABELS[platform]}
              </option>
            ))}
          </SelectField>
          <SelectField meta={fields.rating} id="review-rating" label="Rating">
            <option value="">No rating</option>
            {[1, 2, 3, 4, 5].map((stars) => (
              <option key={stars} value={String(stars)}>
                {`${stars} ${stars === 1 ? "star" : "stars"}`}
              </option>
            ))}
          </SelectField>
          <TextField
            meta={fields.sort_order}
            id="review-sort_order"
            label="Sort order"
            type="number"
            inputMode="numeric"
            step={1}
            hint={intent === "create" ? "Lower numbers show first. Leave empty to add the review at the end." : "Lower numbers show first."}
          />
        </div>
        <TextField
          meta={fields.image_url}
          id="review-image_url"
          label="Image URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="An https:// address of the reviewer's picture, shown small beside the review."
        />
        <fieldset className="grid gap-2">
          <legend className="field-label">Visibility</legend>
          <CheckboxRow meta={fields.is_active}>Active: show on the landing page</CheckboxRow>
          <CheckboxRow meta={fields.is_featured}>Featured</CheckboxRow>
        </fieldset>
      </div>
      <div className="admin-actions mt-5">
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? "Saving..." : submitLabel}
        </button>
        <Link to={cancelTo} className="btn btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
