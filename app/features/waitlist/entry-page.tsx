/**
 * The parts every private waitlist page (confirm, status, unsubscribe) is built from: the page frame,
 * a card, a notice, the "link doesn't work" page, and a form that posts the page's token. Every form
 * is a plain POST that works without JavaScript; with it, Remix sends it without a reload.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/forms/SubmitButton";
import { CheckIcon } from "~/components/ui/icons";
import { useLocalizedPath, useT } from "~/lib/i18n/react";

export function EntryPage({ eyebrow, title, lead, icon, children }: { eyebrow?: string; title: ReactNode; lead?: ReactNode; icon?: "success"; children?: ReactNode }) {
  const t = useT();
  return (
    <section className="section">
      <div className="container-page max-w-2xl">
        {icon === "success" ? (
          <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-success-100 text-success-700">
            <CheckIcon width={28} height={28} aria-hidden="true" />
          </span>
        ) : null}
        <p className="eyebrow">{eyebrow ?? t("status.page.eyebrow")}</p>
        <h1 className="section-title">{title}</h1>
        {lead ? <p className="section-lead">{lead}</p> : null}
        {children ? <div className="mt-8 space-y-6">{children}</div> : null}
      </div>
    </section>
  );
}

export function EntryCard({ title, titleId, children, tone }: { title: string; titleId: string; children: ReactNode; tone?: "danger" }) {
  return (
    <section aria-labelledby={titleId} className={`card p-6 sm:p-8${tone === "danger" ? " border-danger-700/40" : ""}`}>
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A result the page announces: saved, sent, or what is missing. */
export function Notice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  return tone === "success" ? (
    <p className="alert-success" role="status">
      {children}
    </p>
  ) : (
    <p className="alert-error" role="alert">
      {children}
    </p>
  );
}

/** The way out of a page that has nothing more to do. */
export function BackHomeLink({ look = "primary" }: { look?: "primary" | "secondary" }) {
  const t = useT();
  const localized = useLocalizedPath();
  return (
    <p>
      <Link className={`btn btn-${look}`} to={localized("/home")}>
        {t("status.page.backHome")}
      </Link>
    </p>
  );
}

/** A link without a valid token: nothing about anyone, only what to do (`children`: a way to a new link). */
export function InvalidLinkPage({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <EntryPage title={t("status.page.invalidTitle")} lead={t("status.page.invalidBody")}>
      {children}
      <BackHomeLink look={children ? "secondary" : "primary"} />
    </EntryPage>
  );
}

/**
 * A POST to this page carrying its token and an intent. The submit button shows `pendingLabel` while
 * this very form is being sent (with JavaScript).
 */
export function TokenForm({
  token,
  intent,
  label,
  pendingLabel,
  buttonClassName = "btn btn-primary",
  children,
}: {
  token: string;
  intent: string;
  label: ReactNode;
  pendingLabel: string;
  buttonClassName?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" replace>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <SubmitButton submitting={submitting} pendingLabel={pendingLabel} className={buttonClassName}>
        {label}
      </SubmitButton>
    </Form>
  );
}
