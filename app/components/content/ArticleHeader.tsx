import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The top of a blog post or a tutorial: the link back to its list, then the header with the title,
 * the lead and what `children` add (date and reading time, or level and duration).
 */
export function ArticleHeader({
  back,
  eyebrow,
  title,
  description,
  contentLang,
  children,
}: {
  back: { to: string; label: string };
  /** A line above the title ("Tutorial 2 of 8"). */
  eyebrow?: ReactNode;
  title: string;
  description: string;
  /** "en" when the title and lead are English on a page in another language. */
  contentLang?: "en";
  children: ReactNode;
}) {
  return (
    <>
      <p>
        <Link to={back.to} className="back-link" prefetch="intent">
          <span aria-hidden="true">←</span>
          {` ${back.label}`}
        </Link>
      </p>
      <header className="mt-6 border-b border-line pb-8">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className={eyebrow ? "article-title mt-2" : "article-title"} lang={contentLang}>
          {title}
        </h1>
        <p className="section-lead" lang={contentLang}>
          {description}
        </p>
        {children}
      </header>
    </>
  );
}
