import type { SubmissionResult } from "@conform-to/react";
import { isRouteErrorResponse, Link, useActionData, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { refusalMessage } from "~/features/admin/form-schema";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { ReviewForm } from "./ReviewForm";
import type { ReviewFormDefaults } from "./review-schema";

const REVIEWS_PATH = ADMIN_PATHS.reviews;

/** A page with the review form: a new review, or an existing one to edit. */
export function ReviewEditorPage({
  intent,
  title,
  description,
  defaults,
  submitLabel,
}: {
  intent: "create" | "update";
  title: string;
  description: ReactNode;
  defaults: ReviewFormDefaults;
  submitLabel: string;
}) {
  // The action answers data only when it refuses or cannot save; a success is a redirect.
  const result = useActionData<SubmissionResult<string[]>>();
  return (
    <>
      <PageHeader title={title} description={description} />
      <AlertMessage message={refusalMessage(result)} />
      <ReviewForm intent={intent} defaults={defaults} lastResult={result} submitLabel={submitLabel} cancelTo={REVIEWS_PATH} />
    </>
  );
}

/** A review that does not exist (any more): said inside the admin layout, with the way back. */
export function ReviewNotFound() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title={notFound ? "Review not found" : "Something went wrong"} />
      <section className="admin-panel" role="alert">
        <p>{notFound ? "This review does not exist. It may have been deleted." : "The review could not be loaded. Please try again in a moment."}</p>
        <p className="mt-4">
          <Link to={REVIEWS_PATH} className="btn btn-sm btn-secondary">
            Back to reviews
          </Link>
        </p>
      </section>
    </>
  );
}
