import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";
import { formatDate } from "~/features/admin/ui/humanize";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { adminMeta } from "~/features/admin/ui/admin-meta";
import { answerSaveFailure, parseId, readAdminForm, saveFailedRedirect } from "~/features/admin/guard.server";
import { redirectWithFlash } from "~/features/admin/flash.server";
import {
  deleteReview,
  listReviews,
  moveReview,
  REVIEW_ADMIN_MESSAGES as MESSAGES,
  setReviewFlag,
  type ReviewFlag,
} from "~/features/admin/reviews/reviews.server";
import { requireAdmin } from "~/features/admin/session.server";
import { REVIEW_PLATFORM_LABELS } from "~/features/admin/reviews/review-schema";
import { shouldShowReviews } from "~/lib/settings.server";

export const meta: MetaFunction = () => adminMeta("Reviews");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const d1 = context.cloudflare.env.DB;
  const [reviews, sectionShown] = await Promise.all([listReviews(d1), shouldShowReviews(d1)]);
  const confirmId = parseId(new URL(request.url).searchParams.get("confirm"));
  const confirm = reviews.find((review) => review.id === confirmId) ?? null;
  return json({ reviews, sectionShown, confirm: confirm ? { id: confirm.id, title: confirm.title } : null });
}

// Built on demand: MESSAGES comes from a .server module, which the browser bundle leaves out, so
// nothing at module level may read it.
const flagIntents = (): Record<string, { flag: ReviewFlag; value: boolean; message: string }> => ({
  show: { flag: "isActive", value: true, message: MESSAGES.shown },
  hide: { flag: "isActive", value: false, message: MESSAGES.hidden },
  feature: { flag: "isFeatured", value: true, message: MESSAGES.featured },
  unfeature: { flag: "isFeatured", value: false, message: MESSAGES.unfeatured },
});
const MOVE_INTENTS: Record<string, "up" | "down"> = { "move-up": "up", "move-down": "down" };

/** Back to the list with its query string, minus Remix's ?index and the answered ?confirm. */
function listPath(request: Request): string {
  const params = new URL(request.url).searchParams;
  params.delete("index");
  params.delete("confirm");
  const search = params.toString();
  return `/admin/reviews${search ? `?${search}` : ""}`;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, fields } = await readAdminForm(request, context);
  const d1 = context.cloudflare.env.DB;
  const intent = fields.intent ?? "";
  const flags = flagIntents();
  if (!(intent in flags) && !(intent in MOVE_INTENTS) && intent !== "delete") {
    return json({ error: MESSAGES.unknownIntent }, { status: 400 });
  }
  const id = parseId(fields.id);
  if (id === null) return json({ error: MESSAGES.badId }, { status: 400 });

  const flash = (kind: "success" | "error", message: string) => redirectWithFlash(request, context, listPath(request), { kind, message });
  const missing = () => flash("error", MESSAGES.missing);

  const save = async () => {
    const toggle = flags[intent];
    if (toggle) {
      return (await setReviewFlag(d1, session.admin, id, toggle.flag, toggle.value)) ? flash("success", toggle.message) : missing();
    }
    const direction = MOVE_INTENTS[intent];
    if (direction) {
      const outcome = await moveReview(d1, session.admin, id, direction);
      if (outcome === "missing") return missing();
      if (outcome === "edge") return flash("error", direction === "up" ? MESSAGES.alreadyFirst : MESSAGES.alreadyLast);
      return flash("success", direction === "up" ? MESSAGES.movedUp : MESSAGES.movedDown);
    }
    return (await deleteReview(d1, session.admin, id)) ? flash("success", MESSAGES.deleted) : missing();
  };
  return answerSaveFailure({ event: "admin_reviews_action_failed", intent }, save, () => saveFailedRedirect(request, context, listPath(request)));
}

/** One small post form per row action: a hidden intent and id, and a button that says what it does. */
function RowAction({ intent, id, label, ariaLabel, disabled = false }: { intent: string; id: number; label: string; ariaLabel: string; disabled?: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="btn btn-xs btn-secondary" aria-label={ariaLabel} disabled={disabled}>
        {label}
      </button>
    </Form>
  );
}

export default function AdminReviews() {
  const { reviews, sectionShown, confirm } = useLoaderData<typeof loader>();
  // The action answers data only for bad input; everything else is a redirect with a flash.
  const result = useActionData<{ error: string }>();
  return (
    <>
      <PageHeader
        title="Reviews"
        description="Customer reviews for the landing page's 'Loved by All' carousel. Active reviews show there at once, in this order."
        actions={
          <Link to="/admin/reviews/new" className="btn btn-sm btn-primary">
            New review
          </Link>
        }
      />
      {result?.error ? (
        <p role="alert" className="alert-error mb-4" data-testid="action-error">
          {result.error}
        </p>
      ) : null}
      {sectionShown ? null : (
        <p className="admin-panel mb-4 text-sm" data-testid="section-off">
          The reviews section is turned off, so the landing page shows no reviews. <Link className="underline" to="/admin/settings">Change it in Settings</Link>.
        </p>
      )}
      {confirm ? (
        <ConfirmPanel title={`Delete review “${confirm.title}”?`} intent="delete" id={confirm.id} confirmLabel="Delete review" cancelTo="/admin/reviews">
          <p>It disappears from the landing page at once. This cannot be undone; to take it down for now, hide it instead.</p>
        </ConfirmPanel>
      ) : null}
      {reviews.length === 0 ? (
        <section className="admin-panel" data-testid="reviews-empty">
          <h2>No reviews yet</h2>
          <p className="text-ink-muted">Add the first one: active reviews appear on the landing page straight away.</p>
          <p className="mt-4">
            <Link to="/admin/reviews/new" className="btn btn-sm btn-primary">
              Add a review
            </Link>
          </p>
        </section>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" data-testid="reviews-table">
            <caption>
              {`${reviews.length} ${reviews.length === 1 ? "review" : "reviews"}, in landing page order`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Author</th>
                <th scope="col">Rating</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Order
                </th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((review, index) => {
                const name = `review “${review.title}”`;
                return (
                  <tr key={review.id} data-testid="review-row" data-review-id={review.id}>
                    <th scope="row" className="cell-clip">
                      <Link to={`/admin/reviews/${review.id}`} className="font-semibold underline-offset-2 hover:underline">
                        {review.title}
                      </Link>
                      <div className="muted review-excerpt">{review.content}</div>
                    </th>
                    <td>
                      {review.authorName}
                      <div className="muted">{REVIEW_PLATFORM_LABELS[review.authorPlatform]}</div>
                    </td>
                    <td className="whitespace-nowrap">{review.rating === null ? <span className="muted">No rating</span> : `${review.rating} of 5`}</td>
                    <td>
                      <div className="flex flex-wrap gap-1">
                        <span className={`pill ${review.isActive ? "pill-on" : "pill-off"}`}>{review.isActive ? "Active" : "Hidden"}</span>
                        {review.isFeatured ? <span className="pill pill-on">Featured</span> : null}
                      </div>
                    </td>
                    <td className="num">{review.sortOrder}</td>
                    <td className="whitespace-nowrap">
                      <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                    </td>
                    <td>
                      <div className="cell-actions">
                        <Link to={`/admin/reviews/${review.id}`} className="btn btn-xs btn-secondary" aria-label={`Edit ${name}`}>
                          Edit
                        </Link>
                        <RowAction
                          intent={review.isActive ? "hide" : "show"}
                          id={review.id}
                          label={review.isActive ? "Hide" : "Show"}
                          ariaLabel={review.isActive ? `Hide ${name} from the landing page` : `Show ${name} on the landing page`}
                        />
                        <RowAction
                          intent={review.isFeatured ? "unfeature" : "feature"}
                          id={review.id}
                          label={review.isFeatured ? "Unfeature" : "Feature"}
                          ariaLabel={review.isFeatured ? `Stop featuring ${name}` : `Feature ${name}`}
                        />
                        <RowAction intent="move-up" id={review.id} label="Move up" ariaLabel={`Move ${name} up`} disabled={index === 0} />
                        <RowAction intent="move-down" id={review.id} label="Move down" ariaLabel={`Move ${name} down`} disabled={index === reviews.length - 1} />
                        <Link to={`?confirm=${review.id}`} className="btn btn-xs btn-danger" aria-label={`Delete ${name}`}>
                          Delete
                        </Link>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
