import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { refusalMessage } from "~/features/admin/form-schema";
import { ActionsCell, AdminTable, type Column } from "~/features/admin/ui/AdminTable";
import { AlertMessage } from "~/features/admin/ui/AlertMessage";
import { ConfirmPanel } from "~/features/admin/ui/ConfirmPanel";
import { PageHeader } from "~/features/admin/ui/PageHeader";
import { PostButton } from "~/features/admin/ui/PostButton";
import { formatUtcDate } from "~/lib/dates";
import { REVIEW_PLATFORM_LABELS } from "./review-schema";
import type { loadReviewList } from "./review-pages.server";

const COLUMNS: Column[] = [
  { label: "Title" },
  { label: "Author" },
  { label: "Rating" },
  { label: "Status" },
  { label: "Order", numeric: true },
  { label: "Created" },
  { label: "Actions" },
];

export function ReviewListPage() {
  const { reviews, sectionShown, confirm } = useLoaderData<typeof loadReviewList>();
  // The action answers data only for bad input; everything else is a redirect with a flash.
  const result = useActionData<SubmissionResult<string[]>>();
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
      <AlertMessage message={refusalMessage(result)} testId="action-error" />
      {sectionShown ? null : (
        <p className="admin-panel mb-4 text-sm" data-testid="section-off">
          The reviews section is turned off, so the landing page shows no reviews.{" "}
          <Link className="underline" to="/admin/settings">
            Change it in Settings
          </Link>
          .
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
        <AdminTable
          testId="reviews-table"
          caption={`${reviews.length} ${reviews.length === 1 ? "review" : "reviews"}, in landing page order`}
          columns={COLUMNS}
        >
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
                  <time dateTime={review.createdAt}>{formatUtcDate(review.createdAt)}</time>
                </td>
                <ActionsCell>
                  <Link to={`/admin/reviews/${review.id}`} className="btn btn-xs btn-secondary" aria-label={`Edit ${name}`}>
                    Edit
                  </Link>
                  <PostButton
                    preventScrollReset
                    intent={review.isActive ? "hide" : "show"}
                    id={review.id}
                    label={review.isActive ? "Hide" : "Show"}
                    ariaLabel={review.isActive ? `Hide ${name} from the landing page` : `Show ${name} on the landing page`}
                  />
                  <PostButton
                    preventScrollReset
                    intent={review.isFeatured ? "unfeature" : "feature"}
                    id={review.id}
                    label={review.isFeatured ? "Unfeature" : "Feature"}
                    ariaLabel={review.isFeatured ? `Stop featuring ${name}` : `Feature ${name}`}
                  />
                  <PostButton preventScrollReset intent="move-up" id={review.id} label="Move up" ariaLabel={`Move ${name} up`} disabled={index === 0} />
                  <PostButton
                    preventScrollReset
                    intent="move-down"
                    id={review.id}
                    label="Move down"
                    ariaLabel={`Move ${name} down`}
                    disabled={index === reviews.length - 1}
                  />
                  <Link to={`?confirm=${review.id}`} className="btn btn-xs btn-danger" aria-label={`Delete ${name}`}>
                    Delete
                  </Link>
                </ActionsCell>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </>
  );
}
