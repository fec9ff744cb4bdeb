import { formatCalendarDay } from "~/lib/dates";
import { readingTimeLabel } from "./format";

/** Date (and last update), reading time, and optionally the author, on one line that wraps. */
export function PostMeta({
  datePublished,
  dateModified,
  readingMinutes,
  author,
  className = "",
}: {
  datePublished: string;
  dateModified?: string;
  readingMinutes: number;
  author?: string;
  className?: string;
}) {
  return (
    <p className={`post-meta ${className}`.trim()}>
      {author ? <span>{author}</span> : null}
      <span>
        <time dateTime={datePublished}>{formatCalendarDay(datePublished)}</time>
      </span>
      {dateModified && dateModified !== datePublished ? (
        <span>
          Updated <time dateTime={dateModified}>{formatCalendarDay(dateModified)}</time>
        </span>
      ) : null}
      <span>{readingTimeLabel(readingMinutes)}</span>
    </p>
  );
}
