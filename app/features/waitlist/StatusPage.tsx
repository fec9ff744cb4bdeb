import { Link } from "@remix-run/react";
import { LinkIcon } from "~/components/ui/icons";
import { useCopyToClipboard } from "~/hooks/useCopyToClipboard";
import { useHydrated } from "~/hooks/useHydrated";
import { formatUtcDateIn } from "~/lib/dates";
import { intlLocale } from "~/lib/i18n/intl-locale";
import { T, useLang, useLocalizedPath, useT } from "~/lib/i18n/react";
import { EmailMyLinkCard } from "./email-my-link";
import { BackHomeLink, EntryCard, EntryPage, InvalidLinkPage, Notice, TokenForm } from "./entry-page";
import { JoinBetaNote } from "./JoinBetaNote";
import { notifyRequestValues } from "./entry-request";
import { PREFERENCE_FIELDS, type EntryPreferences, type StatusActionResult, type StatusView } from "./entry-views";
import { SignOutLinksCard } from "./SignOutLinksCard";

type ConfirmedView = Extract<StatusView, { state: "confirmed" }>;

/** /waitlist/status in each of its states (entry-views.ts), with the answer of its last form, if any. */
export function StatusPage({ view, result }: { view: StatusView; result?: StatusActionResult }) {
  const t = useT();
  const lang = useLang();
  switch (view.state) {
    case "invalid":
      return <InvalidLinkPage><EmailMyLinkCard /></InvalidLinkPage>;
    case "expired":
      return (
        <EntryPage title={t("status.entry.expiredTitle")} lead={t("status.entry.expiredLead")}>
          <EmailMyLinkCard />
        </EntryPage>
      );
    case "signed_out":
      return (
        <EntryPage icon="success" title={t("status.entry.signedOutTitle")} lead={t("status.entry.signedOutBody")}>
          <BackHomeLink />
        </EntryPage>
      );
    case "deleted":
      return (
        <EntryPage icon="success" title={t("status.entry.deletedTitle")} lead={t("status.entry.deletedLead")}>
          <p className="text-sm text-ink-muted">{t("status.entry.deletedFingerprints")}</p>
          <BackHomeLink />
        </EntryPage>
      );
    case "pending":
      return <EntryPage title={t("status.entry.pendingTitle")} lead={t("status.entry.pendingLead")} />;
    case "unsubscribed":
      return (
        <EntryPage
          title={t("status.unsubscribed.title")}
          lead={
            <>
              <T
                id={view.unsubscribedAt ? "status.unsubscribed.stoppedOn" : "status.unsubscribed.stopped"}
                values={{ email: view.email, date: formatUtcDateIn(lang, view.unsubscribedAt) }}
                components={{ email: <span className="break-all" /> }}
              />{" "}
              {view.request.beta ? t("status.unsubscribed.noInvitations") : t("status.unsubscribed.noNotify", notifyRequestValues(view.request, t, lang))}
            </>
          }
        >
          <EntryCard title={t("status.unsubscribed.rejoinTitle")} titleId="rejoin-heading">
            <p className="mt-1 mb-5 text-sm text-ink-muted">
              {t("status.unsubscribed.rejoinConsent")}
              {view.request.beta ? ` ${t("status.unsubscribed.keepPlace")}` : ""}
            </p>
            <TokenForm token={view.token} intent="resubscribe" label={t("status.unsubscribed.rejoin")} pendingLabel={t("status.unsubscribed.rejoining")} />
          </EntryCard>
          <DeleteDataCard token={view.token} result={result} beta={view.request.beta} />
        </EntryPage>
      );
    case "confirmed":
      return <ConfirmedStatus view={view} result={result} />;
  }
}

function ConfirmedStatus({ view, result }: { view: ConfirmedView; result?: StatusActionResult }) {
  const t = useT();
  const lang = useLang();
  const localized = useLocalizedPath();
  const count = new Intl.NumberFormat(intlLocale(lang));
  const place = view.place && { place: count.format(view.place.place), total: count.format(view.place.total), count: view.place.total };
  // A notify-me entry's page speaks of its platforms: it has no place in the beta line (ADR 0048).
  const heading = view.request.beta
    ? {
        eyebrow: t("status.place.eyebrow"),
        title: place ? t("status.place.title", place) : t("status.place.titleUnnumbered"),
        lead: place ? t("status.place.lead", place) : t("status.place.leadUnnumbered"),
      }
    : { eyebrow: t("status.page.notifyEyebrow"), title: t("status.notify.title", notifyRequestValues(view.request, t, lang)), lead: t("status.notify.lead") };
  return (
    <EntryPage {...heading}>
      {view.justConfirmed ? <Notice tone="success">{view.request.beta ? t("status.entry.justConfirmed") : t("status.entry.justConfirmedNotify")}</Notice> : null}
      {view.invitation ? <InvitationCard invitation={view.invitation} /> : null}
      {result?.intent === "resubscribe" ? <Notice tone="success">{t("status.unsubscribed.resubscribed")}</Notice> : null}
      {view.request.beta ? (
        <dl className="grid grid-cols-2 gap-4">
          <div className="stat">
            <dt>{t("status.place.placeLabel")}</dt>
            <dd data-testid="place-in-line">
              {place ? <T id="status.place.placeValue" values={place} components={{ muted: <span className="text-base font-semibold text-ink-muted" /> }} /> : "—"}
            </dd>
          </div>
          <div className="stat">
            <dt>{t("status.place.referralsLabel")}</dt>
            <dd data-testid="referral-count">{count.format(view.referralCount)}</dd>
          </div>
        </dl>
      ) : (
        <JoinBetaNote pending={view.betaJoinPending} />
      )}
      {view.referralUrl ? <ReferralCard url={view.referralUrl} boost={view.boost} /> : null}
      <PreferencesCard token={view.token} preferences={view.preferences} saved={result?.intent === "preferences"} beta={view.request.beta} />
      <SignOutLinksCard token={view.token} email={view.email} result={result} />
      <DeleteDataCard token={view.token} result={result} beta={view.request.beta} />
      <p className="text-sm text-ink-muted">
        <T
          id="status.entry.signedUpAs"
          values={{ email: view.email }}
          components={{ email: <strong className="break-all text-ink" />, unsubscribe: <Link className="underline" to={localized(view.unsubscribePath)} /> }}
        />
      </p>
    </EntryPage>
  );
}

/** Once their beta invitation went out: since when, the TestFlight link, and how to install. */
function InvitationCard({ invitation }: { invitation: NonNullable<ConfirmedView["invitation"]> }) {
  const t = useT();
  const lang = useLang();
  return (
    <EntryCard title={t("status.invitation.title")} titleId="invitation-heading">
      <p className="mt-1 text-sm text-ink-muted" data-testid="invited">
        {t("status.invitation.sentOn", { date: formatUtcDateIn(lang, invitation.invitedAt) })}
      </p>
      {invitation.testflightUrl ? (
        <>
          <ol className="mt-4 list-decimal space-y-1 pl-5 text-sm">
            <li>{t("status.invitation.installTestFlight")}</li>
            <li>{t("status.invitation.openLink")}</li>
          </ol>
          <a className="btn btn-primary mt-5" href={invitation.testflightUrl} rel="noopener noreferrer" data-testid="testflight-link">
            {t("status.invitation.button")}
          </a>
          <p className="mt-2 break-all text-xs text-ink-muted">{invitation.testflightUrl}</p>
        </>
      ) : (
        <p className="mt-3 text-sm">{t("status.invitation.inEmail")}</p>
      )}
    </EntryCard>
  );
}

function ReferralCard({ url, boost }: { url: string; boost: number }) {
  const t = useT();
  const hydrated = useHydrated();
  const { copied, copy } = useCopyToClipboard();
  return (
    <EntryCard title={t("status.referral.title")} titleId="referral-heading">
      <p className="mt-1 text-sm text-ink-muted">{t("status.referral.lead", { boost: Math.max(boost, 0) })}</p>
      <label htmlFor="referral-link" className="field-label mt-5">
        {t("status.referral.linkLabel")}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input id="referral-link" className="field-input font-mono text-sm" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        {/* Copying needs JavaScript; without it the link is there to select. */}
        {hydrated ? (
          <button type="button" className="btn btn-secondary shrink-0" onClick={() => void copy(url)}>
            <LinkIcon width={18} height={18} aria-hidden="true" />
            <span aria-live="polite">{copied ? t("status.referral.copied") : t("status.referral.copy")}</span>
          </button>
        ) : null}
      </div>
    </EntryCard>
  );
}

function PreferencesCard({ token, preferences, saved, beta }: { token: string; preferences: EntryPreferences; saved: boolean; beta: boolean }) {
  const t = useT();
  // Beta invitations are for beta testers; a notify-me person joins the beta through its form.
  const fields = beta ? PREFERENCE_FIELDS : PREFERENCE_FIELDS.filter(({ key }) => key !== "invitations");
  return (
    <EntryCard title={t("status.preferences.title")} titleId="preferences-heading">
      <p className="mt-1 text-sm text-ink-muted">{t("status.preferences.lead")}</p>
      <TokenForm token={token} intent="preferences" label={t("status.preferences.save")} pendingLabel={t("status.preferences.saving")}>
        <ul className="my-5 space-y-3">
          {fields.map(({ field, key }) => (
            <li key={field} className="cookie-category">
              <div className="min-w-0">
                <label htmlFor={field} className="font-semibold">
                  {t(`status.preferences.${key}.label`)}
                </label>
                <p id={`${field}-description`} className="mt-0.5 text-sm text-ink-muted">
                  {t(`status.preferences.${key}.description`)}
                </p>
              </div>
              <input id={field} name={field} value="yes" type="checkbox" role="switch" className="consent-switch" defaultChecked={preferences[key]} aria-describedby={`${field}-description`} />
            </li>
          ))}
        </ul>
        {saved ? (
          <div className="mb-4">
            <Notice tone="success">{t("status.preferences.saved")}</Notice>
          </div>
        ) : null}
      </TokenForm>
    </EntryCard>
  );
}

function DeleteDataCard({ token, result, beta }: { token: string; result?: StatusActionResult; beta: boolean }) {
  const t = useT();
  const missingConfirmation = result?.intent === "delete";
  return (
    <EntryCard title={t("status.delete.title")} titleId="delete-heading" tone="danger">
      <p className="mt-1 text-sm text-ink-muted">{beta ? t("status.delete.leadBeta") : t("status.delete.leadNotify")}</p>
      <TokenForm token={token} intent="delete" label={t("status.delete.button")} pendingLabel={t("status.delete.deleting")} buttonClassName="btn btn-secondary text-danger-700">
        <p className="my-5 flex items-start gap-3">
          <input
            id="delete-confirm"
            name="confirm"
            value="yes"
            type="checkbox"
            required
            className="mt-0.5 h-5 w-5 shrink-0 accent-danger-700"
            aria-invalid={missingConfirmation || undefined}
            aria-describedby={missingConfirmation ? "delete-confirm-error" : undefined}
          />
          <label htmlFor="delete-confirm">{t("status.delete.confirm")}</label>
        </p>
        {missingConfirmation ? (
          <p id="delete-confirm-error" className="field-error mb-4" role="alert">
            {t("status.delete.confirmRequired")}
          </p>
        ) : null}
      </TokenForm>
    </EntryCard>
  );
}
