import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { PageHeader } from "~/components/admin/PageHeader";
import { ReviewForm } from "~/components/admin/ReviewForm";
import { adminMeta } from "~/components/admin/meta";
import { answerSaveFailure, parseId, readAdminForm } from "~/lib/admin/action.server";
import { redirectWithFlash } from "~/lib/admin/flash.server";
import { ADMIN_SAVE_FAILED_MESSAGE } from "~/lib/admin/messages";
import { getReview, REVIEW_ADMIN_MESSAGES, updateReview } from "~/lib/admin/reviews-admin.server";
import { requireAdmin } from "~/lib/admin/session.server";
import { parseReviewForm, reviewFormValues, reviewToFormValues, type ReviewFormRefusal } from "~/lib/review-rules";

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
