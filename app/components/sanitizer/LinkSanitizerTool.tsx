import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CheckIcon, LinkIcon } from "~/components/ui/icons";
import { useCopyToClipboard } from "~/hooks/useCopyToClipboard";
import { useHydrated } from "~/hooks/useHydrated";
import { languageTag } from "~/lib/i18n/languages";
import { useLang, useLocalizedPath, useT, type Translate } from "~/lib/i18n/react";
import { SANITIZER_MAX_LENGTH, SANITIZER_MESSAGES, type SanitizeResult } from "~/lib/link-sanitizer";
import { explanation } from "./explanation";

export const SANITIZER_PATH = "/link-sanitization";

/** Links a visitor can try with one click (they work without JavaScript too); `label` names its message. */
export const SANITIZER_EXAMPLES = [
  {
    label: "newsletter",
    url: "https://news.example.com/2025/03/the-case-for-slow-software?utm_source=newsletter&utm_medium=email&utm_campaign=spring_digest&mc_cid=8f1e2d3c4b&mc_eid=a1b2c3d4e5",
  },
  {
    label: "youtube",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&si=Xq1b2C3d4E5f6G7h&t=42s",
  },
  {
    label: "amazon",
    url: "https://www.amazon.com/Echo-Dot-5th-Gen/dp/B09B8V1LZ3/ref=sr_1_3?crid=2M9QX&keywords=echo+dot&qid=1700000000&sr=8-3&th=1",
  },
] as const;

export const sanitizerHref = (url: string) => `${SANITIZER_PATH}?url=${encodeURIComponent(url)}`;

/** The cleaner's error (one of SANITIZER_MESSAGES, in English) in the page's language. */
function errorText(t: Translate, error: string, max: string): string {
  const key = (Object.keys(SANITIZER_MESSAGES) as (keyof typeof SANITIZER_MESSAGES)[]).find((k) => SANITIZER_MESSAGES[k] === error);
  return key ? t(`sanitizer.tool.errors.${key}`, { max }) : error;
}

/** One line for screen readers and sighted visitors alike. */
function summary(t: Translate, result: SanitizeResult, max: string): string {
  if (!result.ok) return errorText(t, result.error, max);
  if (result.removed.length === 0) return t("sanitizer.tool.alreadyClean");
  const saved = result.original.length - result.cleaned.length;
  const percent = Math.round((saved / result.original.length) * 100);
  return t("sanitizer.tool.removedSummary", { count: result.removed.length, saved, percent });
}

function CopyButton({ text }: { text: string }) {
  const { copied, copy } = useCopyToClipboard();
  const t = useT();
  return (
    <button type="button" className="btn btn-secondary shrink-0" onClick={() => copy(text)}>
      {copied ? <CheckIcon width={18} height={18} /> : <LinkIcon width={18} height={18} />}
      <span aria-live="polite">{copied ? t("sanitizer.tool.copied") : t("sanitizer.tool.copy")}</span>
    </button>
  );
}

export interface LinkSanitizerToolProps {
  /** What the visitor submitted (the `url` query parameter), or null before any submission. */
  input: string | null;
  /** The result for `input`; null before any submission or for a blank one. */
  result: SanitizeResult | null;
}

/**
 * The try-it form. A GET form to this page: without JavaScript the loader cleans the link and the
 * page comes back with the result (a linkable address); with JavaScript Remix navigates in place
 * and the same rules run in the browser, so nothing reloads and no request is made.
 */
export function LinkSanitizerTool({ input, result }: LinkSanitizerToolProps) {
  const hydrated = useHydrated();
  const t = useT();
  const lang = useLang();
  const localized = useLocalizedPath();
  const max = new Intl.NumberFormat(languageTag(lang)).format(SANITIZER_MAX_LENGTH);
  const error = result && !result.ok ? errorText(t, result.error, max) : null;
  // The field shows what was cleaned; a link over the limit is not echoed back.
  const echo = input !== null && input.trim().length <= SANITIZER_MAX_LENGTH ? input.trim() : "";
  const [value, setValue] = useState(echo);
  // A result reached another way (an example link, back and forward) refills the field.
  useEffect(() => setValue(echo), [echo]);

  return (
    <div className="card p-5 sm:p-8">
      <h2 id="sanitizer-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
        {t("sanitizer.tool.heading")}
      </h2>
      <p className="mt-2 text-ink-muted">{t("sanitizer.tool.lead")}</p>

      <Form method="get" action={localized(SANITIZER_PATH)} replace preventScrollReset className="mt-6" aria-labelledby="sanitizer-heading">
        <label htmlFor="sanitizer-input" className="field-label">
          {t("sanitizer.tool.label")}
        </label>
        <div className="flex flex-col gap-3 sm:flex-row">
          {/* No maxLength: the browser would cut a long link silently; the rules explain the limit instead. */}
          <input
            id="sanitizer-input"
            name="url"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            required
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "sanitizer-hint sanitizer-error" : "sanitizer-hint"}
            className="field-input font-mono text-sm sm:text-base"
          />
          <button type="submit" className="btn btn-primary shrink-0">
            {t("sanitizer.tool.submit")}
          </button>
        </div>
        <p id="sanitizer-hint" className="mt-2 text-sm text-ink-muted">
          {t("sanitizer.tool.hint", { max })}
        </p>
      </Form>

      <div className="mt-6">
        {/* Announces each new result when JavaScript updates the page in place. */}
        <p className="sr-only" aria-live="polite" aria-atomic="true">
          {hydrated && result ? summary(t, result, max) : ""}
        </p>

        {result === null && (
          <div className="rounded-xl border border-dashed border-line p-5">
            <p className="font-semibold">{t("sanitizer.tool.empty")}</p>
            <p className="mt-1 text-sm text-ink-muted">{t("sanitizer.tool.tryOne")}</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {SANITIZER_EXAMPLES.map((example) => (
                <li key={example.label}>
                  <Link to={localized(sanitizerHref(example.url))} replace preventScrollReset className="badge hover:text-ink">
                    {t(`sanitizer.tool.examples.${example.label}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}

        {error && (
          <p id="sanitizer-error" className="alert-error">
            {error}
          </p>
        )}

        {result?.ok && (
          <div>
            <p className={result.removed.length ? "alert-success" : "rounded-xl bg-surface-sunken px-4 py-3 font-semibold"}>
              {summary(t, result, max)}
            </p>
            <label htmlFor="sanitizer-output" className="field-label mt-5">
              {t("sanitizer.tool.cleaned")}
            </label>
            <div className="flex flex-col gap-3 sm:flex-row">
              <input
                id="sanitizer-output"
                type="text"
                readOnly
                value={result.cleaned}
                className="field-input bg-surface-sunken font-mono text-sm sm:text-base"
                onFocus={(event) => event.currentTarget.select()}
              />
              {hydrated && <CopyButton text={result.cleaned} />}
            </div>

            {result.removed.length > 0 && (
              <>
                <h3 className="mt-6 text-sm font-semibold uppercase tracking-wider text-ink-muted">
                  {t("sanitizer.tool.removedHeading", { count: result.removed.length })}
                </h3>
                <ul className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line">
                  {result.removed.map((parameter, index) => (
                    <li key={`${parameter.name}-${index}`} className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,16rem)_1fr] sm:gap-4">
                      <span className="min-w-0 font-mono text-sm">
                        <span className="font-semibold">{parameter.name}</span>
                        {parameter.value !== "" && (
                          <span className="block truncate text-ink-muted" title={parameter.value}>
                            = {parameter.value}
                          </span>
                        )}
                      </span>
                      <span className="text-sm">{explanation(t, "reasons", parameter.reason)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
