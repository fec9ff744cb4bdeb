import { Link, useLocation } from "@remix-run/react";

/** Previous / next links that keep every other query parameter (filters, sort). */
export function Pagination({ page, pageCount, total, noun }: { page: number; pageCount: number; total: number; noun: string }) {
  const location = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav className="pagination" aria-label="Pages">
      <span>
        {total.toLocaleString("en")} {noun}
        {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
      </span>
      <span className="admin-actions">
        {page > 1 ? (
          <Link className="btn btn-sm btn-secondary" to={hrefFor(page - 1)} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link className="btn btn-sm btn-secondary" to={hrefFor(page + 1)} rel="next">
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
