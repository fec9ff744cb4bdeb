import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/PageHeader";
import { ReviewForm } from "~/components/admin/ReviewForm";
import { adminMeta } from "~/components/admin/meta";
import { answerSaveFailure, readAdminForm } from "~/lib/admin/action.server";
import { redirectWithFlash } from "~/lib/admin/flash.server";
import { ADMIN_SAVE_FAILED_MESSAGE } from "~/lib/admin/messages";
import { createReview, nextSortOrder, REVIEW_ADMIN_MESSAGES } from "~/lib/admin/reviews-admin.server";
import { requireAdmin } from "~/lib/admin/session.server";
import { parseReviewForm, reviewFormValues, reviewToFormValues, type ReviewFormRefusal } from "~/lib/review-rules";

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
