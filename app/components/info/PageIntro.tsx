import type { ReactNode } from "react";

/**
 * The opening of an information page: eyebrow, the page's one <h1>, a lead paragraph and optional
 * actions below. Everything after it is sections with <h2> headings.
 */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  centered = false,
}: {
  eyebrow: string;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  centered?: boolean;
}) {
  return (
    <section aria-labelledby="page-title" className="hero">
      <div className="container-page pt-14 pb-8 sm:pt-20 sm:pb-10 lg:pt-24">
        <div className={centered ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
          <p className="eyebrow">{eyebrow}</p>
          <h1 id="page-title" className="hero-title text-pretty">
            {title}
          </h1>
          <p className="section-lead max-w-2xl text-pretty">{lead}</p>
          {children}
        </div>
      </div>
    </section>
  );
}

/** A section heading block (eyebrow, <h2>, lead) shared by the information pages. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  centered = false,
}: {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  centered?: boolean;
}) {
  return (
    <div className={centered ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {lead ? <p className="section-lead">{lead}</p> : null}
    </div>
  );
}
