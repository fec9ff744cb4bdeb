import { CONSENT_MODE_BOOTSTRAP_SCRIPT } from "~/lib/consent-script.server";
import { useNonce } from "~/lib/nonce";

/**
 * Built once from constants: nothing from the request or the visitor goes into it. In the browser
 * the import is empty: React keeps the server-rendered script as it is during hydration.
 */
const html = { __html: CONSENT_MODE_BOOTSTRAP_SCRIPT ?? "" };

/**
 * Google Consent Mode v2 defaults for the document head: all storage denied except security,
 * then a stored choice applied at once. Render it before <Links /> and before any tag script.
 * The nonce exists only on the server (browsers hide it after parsing), hence the hydration
 * warning suppression; the client never re-runs the script.
 */
export function ConsentModeDefaults() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={html} />;
}
