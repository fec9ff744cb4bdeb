import type { ReactNode } from "react";

/** A closing call to action: a centred panel with a heading, a lead and its buttons. */
export function CtaPanel({ id, title, lead, actionsClassName, children }: { id: string; title: ReactNode; lead: ReactNode; actionsClassName: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="section">
      <div className="container-page">
        <div className="info-cta mx-auto max-w-4xl text-center">
          <h2 id={id} className="section-title">
            {title}
          </h2>
          <p className="section-lead mx-auto max-w-2xl">{lead}</p>
          <div className={`mt-8 ${actionsClassName}`}>{children}</div>
        </div>
      </div>
    </section>
  );
}
