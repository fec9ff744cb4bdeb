import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  REVIEW_LIMITS,
  REVIEW_PLATFORM_LABELS,
  REVIEW_PLATFORMS,
  type ReviewErrors,
  type ReviewField,
  type ReviewFormValues,
} from "~/features/admin/reviews/review-schema";

/** One labelled field with its hint and its error, wired up for screen readers. */
function Field({
  name,
  label,
  hint,
  errors,
  children,
}: {
  name: ReviewField;
  label: string;
  hint?: string;
  errors: ReviewErrors;
  children: (props: { id: string; name: ReviewField; "aria-invalid": boolean; "aria-describedby": string | undefined }) => ReactNode;
}) {
  const id = `review-${name}`;
  const error = errors[name];
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, name, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {error ? (
        <p id={`${id}-error`} className="field-error" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The review form, for creating and for editing (spec section 3's fields). A plain form post: the
 * action validates, and a refused form comes back with the typed values and a message per field.
 */
export function ReviewForm({
  intent,
  values,
  errors = {},
  submitLabel,
  cancelTo,
}: {
  intent: "create" | "update";
  values: ReviewFormValues;
  errors?: ReviewErrors;
  submitLabel: string;
  cancelTo: string;
}) {
  const submitting = useNavigation().state === "submitting";
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Form method="post" className="admin-panel">
      <input type="hidden" name="intent" value={intent} />
      {hasErrors ? (
        <p role="alert" className="alert-error mb-4" data-testid="form-errors">
          The review was not saved. Please correct the fields marked below.
        </p>
      ) : null}
      <div className="form-grid">
        <Field name="title" label="Title" errors={errors}>
          {(props) => <input {...props} className="field-input" type="text" required maxLength={REVIEW_LIMITS.title} defaultValue={values.title} />}
        </Field>
        <Field name="content" label="Review text" errors={errors} hint={`Up to ${REVIEW_LIMITS.content.toLocaleString("en-US")} characters.`}>
          {(props) => <textarea {...props} className="field-input" rows={6} required maxLength={REVIEW_LIMITS.content} defaultValue={values.content} />}
        </Field>
        <div className="form-grid form-grid-2">
          <Field name="author_name" label="Author name" errors={errors}>
            {(props) => (
              <input {...props} className="field-input" type="text" required maxLength={REVIEW_LIMITS.authorName} autoComplete="off" defaultValue={values.author_name} />
            )}
          </Field>
          <Field name="author_platform" label="Platform" errors={errors}>
            {(props) => (
              <select {...props} className="field-input" defaultValue={values.author_platform}>
                {REVIEW_PLATFORMS.map((platform) => (
                  <option key={platform} value={platform}>
                    {REVIEW_PLATFORM_LABELS[platform]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="rating" label="Rating" errors={errors}>
            {(props) => (
              <select {...props} className="field-input" defaultValue={values.rating}>
                <option value="">No rating</option>
                {[1, 2, 3, 4, 5].map((stars) => (
                  <option key={stars} value={String(stars)}>
                    {`${stars} ${stars === 1 ? "star" : "stars"}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="sort_order" label="Sort order" errors={errors} hint={intent === "create" ? "Lower numbers show first. Leave empty to add the review at the end." : "Lower numbers show first."}>
            {(props) => (
              <input {...props} className="field-input" type="number" inputMode="numeric" min={0} max={REVIEW_LIMITS.sortOrderMax} step={1} defaultValue={values.sort_order} />
            )}
          </Field>
        </div>
        <Field name="image_url" label="Image URL (optional)" errors={errors} hint="An https:// address of the reviewer's picture, shown small beside the review.">
          {(props) => (
            <input {...props} className="field-input" type="url" inputMode="url" maxLength={REVIEW_LIMITS.imageUrl} placeholder="https://" defaultValue={values.image_url} />
          )}
        </Field>
        <fieldset className="grid gap-2">
          <legend className="field-label">Visibility</legend>
          <label className="check-row">
            <input type="checkbox" name="is_active" defaultChecked={values.is_active} />
            Active: show on the landing page
          </label>
          <label className="check-row">
            <input type="checkbox" name="is_featured" defaultChecked={values.is_featured} />
            Featured
          </label>
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
