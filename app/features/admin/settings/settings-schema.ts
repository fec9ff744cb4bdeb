/**
 * Form field names of the A/B tests editor, shared by the page (browser) and its action (server).
 * Variant ids are not editable: they name fields, they are never read from the form.
 */
import type { AbTestName } from "~/lib/ab-tests";

export const abFieldName = {
  enabled: (test: AbTestName) => `${test}.enabled`,
  label: (test: AbTestName, variant: string) => `${test}.${variant}.label`,
  weight: (test: AbTestName, variant: string) => `${test}.${variant}.weight`,
};
