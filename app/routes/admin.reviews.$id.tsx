import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { ReviewForm } from "~/features/admin/reviews/ReviewForm";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { answerSaveFailure, parseId, readAdminForm } from "~/features/admin/guard.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { ADMIN_SAVE_FAILED_MESSAGE } from "~/features/admin/messages";
import { getReview, REVIEW_ADMIN_MESSAGES, updateReview } from "~/features/admin/reviews/reviews.server";
import { requireAdmin } from "~/features/admin/session.server";
import { parseReviewForm, reviewFormValues, reviewToFormValues, type ReviewFormRefusal } from "~/features/admin/reviews/review-schema";

export const meta: MetaFunction<typeof loader> = ({ data }) => adminMeta(data ? `Edit “${data.title}”` : "Review not found");

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = parseId(params.id);
  const review = id === null ? null : await getReview(context.cloudflare.env.DB, id);
  if (!review) throw json({ error: REVIEW_ADMIN_MESSAGES.missing }, { status: 404 });
  return json({ id: review.id, title: review.title, createdAt: review.createdAt, values: reviewToFormValues(review) });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { session, fields } = await readAdminForm(request, context);
  if (fields.intent !== "update") return json({ error: REVIEW_ADMIN_MESSAGES.unknownIntent }, { status: 400 });
  const id = parseId(params.id);
  const gone = () => redirectWithFlash(request, context, "/admin/reviews", { kind: "error", message: REVIEW_ADMIN_MESSAGES.missing });
  if (id === null) return gone();
  const parsed = parseReviewForm(fields);
  if (!parsed.ok) return json({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const review = parsed.review;
  return answerSaveFailure(
    { event: "admin_review_update_failed" },
    async () => {
      if (!(await updateReview(context.cloudflare.env.DB, session.admin, id, review))) return gone();
      return redirectWithFlash(request, context, "/admin/reviews", { kind: "success", message: REVIEW_ADMIN_MESSAGES.updated });
    },
    // The form again with what the admin typed: nothing of it is lost.
    () => json({ error: ADMIN_SAVE_FAILED_MESSAGE, errors: {}, values: reviewFormValues(fields) }, { status: 503 }),
  );
}

export default function EditReview() {
  const { id, title, values } = useLoaderData<typeof loader>();
  // The action answers data only when it refuses; a success is a redirect.
  const result = useActionData<ReviewFormRefusal | { error: string }>();
  return (
    <>
      <PageHeader title={`Edit review #${id}`} description={<>“{title}”. Changes show on the landing page as soon as you save.</>} />
      {result && "error" in result ? (
        <p role="alert" className="alert-error mb-4">
          {result.error}
        </p>
      ) : null}
      <ReviewForm
        intent="update"
        values={result && "values" in result ? result.values : values}
        errors={result && "errors" in result ? result.errors : undefined}
        submitLabel="Save changes"
        cancelTo="/admin/reviews"
      />
    </>
  );
}

/** A review that does not exist (any more): said inside the admin layout, with the way back. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <PageHeader title={notFound ? "Review not found" : "Something went wrong"} />
      <section className="admin-panel" role="alert">
        <p>{notFound ? "This review does not exist. It may have been deleted." : "The review could not be loaded. Please try again in a moment."}</p>
        <p className="mt-4">
          <Link to="/admin/reviews" className="btn btn-sm btn-secondary">
            Back to reviews
          </Link>
        </p>
      </section>
    </>
  );
}
