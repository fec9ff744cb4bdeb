import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { ReviewForm } from "~/features/admin/reviews/ReviewForm";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { answerSaveFailure, readAdminForm } from "~/features/admin/guard.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { ADMIN_SAVE_FAILED_MESSAGE } from "~/features/admin/messages";
import { createReview, nextSortOrder, REVIEW_ADMIN_MESSAGES } from "~/features/admin/reviews/reviews.server";
import { requireAdmin } from "~/features/admin/session.server";
import { parseReviewForm, reviewFormValues, reviewToFormValues, type ReviewFormRefusal } from "~/features/admin/reviews/review-schema";

export const meta: MetaFunction = () => adminMeta("New review");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  // A new review goes to the end of the list unless the admin picks another place.
  return json({ values: reviewToFormValues(undefined, await nextSortOrder(context.cloudflare.env.DB)) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, fields } = await readAdminForm(request, context);
  if (fields.intent !== "create") return json({ error: REVIEW_ADMIN_MESSAGES.unknownIntent }, { status: 400 });
  const parsed = parseReviewForm(fields);
  if (!parsed.ok) return json({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const review = parsed.review;
  return answerSaveFailure(
    { event: "admin_review_create_failed" },
    async () => {
      await createReview(context.cloudflare.env.DB, session.admin, review);
      return redirectWithFlash(request, context, "/admin/reviews", { kind: "success", message: REVIEW_ADMIN_MESSAGES.created });
    },
    // The form again with what the admin typed: nothing of it is lost.
    () => json({ error: ADMIN_SAVE_FAILED_MESSAGE, errors: {}, values: reviewFormValues(fields) }, { status: 503 }),
  );
}

export default function NewReview() {
  const { values } = useLoaderData<typeof loader>();
  // The action answers data only when it refuses; a success is a redirect.
  const result = useActionData<ReviewFormRefusal | { error: string }>();
  return (
    <>
      <PageHeader title="New review" description="Active reviews appear in the landing page's reviews carousel as soon as you save." />
      {result && "error" in result ? (
        <p role="alert" className="alert-error mb-4">
          {result.error}
        </p>
      ) : null}
      <ReviewForm
        intent="create"
        values={result && "values" in result ? result.values : values}
        errors={result && "errors" in result ? result.errors : undefined}
        submitLabel="Create review"
        cancelTo="/admin/reviews"
      />
    </>
  );
}
