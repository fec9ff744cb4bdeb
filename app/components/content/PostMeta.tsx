import { formatCalendarDayIn } from "~/lib/dates";
import { T, useLang, useT } from "~/lib/i18n/react";
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
  const t = useT();
  const lang = useLang();
  return (
    <p className={`post-meta ${className}`.trim()}>
      {author ? <span>{author}</span> : null}
      <span>
        <time dateTime={datePublished}>{formatCalendarDayIn(lang, datePublished)}</time>
      </span>
      {dateModified && dateModified !== datePublished ? (
        <span>
          <T id="articles.updated" values={{ date: formatCalendarDayIn(lang, dateModified) }} components={{ time: <time dateTime={dateModified} /> }} />
        </span>
      ) : null}
      <span>{readingTimeLabel(t, readingMinutes)}</span>
    </p>
  );
}
