import { PreviewFrame } from "~/features/admin/ui/PreviewFrame";

/**
 * A message exactly as its recipients get it (rendered for a sample person): subject, sender, the HTML
 * in a frame sandboxed of everything, and the plain text. The frame inherits the page's CSP, which
 * allows no <style> element, so the message's style block (dark mode, narrow screens) is left out.
 */
export interface PreviewedMessage {
  subject: string;
  from: string;
  /** The HTML without its style block (previewHtml). */
  html: string;
  text: string;
}

export function EmailPreview({ message, idPrefix }: { message: PreviewedMessage; idPrefix: string }) {
  return (
    <div className="grid gap-4" data-testid={`${idPrefix}-preview`}>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Subject</dt>
          <dd data-testid={`${idPrefix}-preview-subject`}>{message.subject}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">From</dt>
          <dd className="break-all">{message.from}</dd>
        </div>
      </dl>
      <PreviewFrame title={`Preview of “${message.subject}” as HTML`} html={message.html} testId={`${idPrefix}-preview-html`} />
      <details>
        <summary className="cursor-pointer font-semibold underline underline-offset-2">The plain-text part</summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-words text-sm" data-testid={`${idPrefix}-preview-text`}>
          {message.text}
        </pre>
      </details>
    </div>
  );
}

/** The review panel's message: a note that the test copy left (after "Send a test to me"), then the preview. */
export function ReviewedMessage({ message, idPrefix, testSentTo }: { message: PreviewedMessage; idPrefix: string; testSentTo: string | null }) {
  return (
    <>
      {testSentTo ? (
        <p role="status" className="flash flash-success mt-3" data-testid="test-sent">
          A test copy is on its way to {testSentTo}.
        </p>
      ) : null}
      <div className="mt-4">
        <EmailPreview message={message} idPrefix={idPrefix} />
      </div>
    </>
  );
}
