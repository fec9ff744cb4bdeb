import { ServerScript } from "~/components/islands";

/**
 * Google Consent Mode v2 defaults for the document head: all storage denied except security,
 * then a stored choice applied at once. Render it before <Links /> and before any tag script.
 */
export function ConsentModeDefaults() {
  return <ServerScript name="consentModeDefaults" />;
}
