import { PLAN_VALUES, type PlanMessage } from "~/content/plans";
import type { MessageId } from "~/lib/i18n/message-id";

/**
 * The plans' words (app/content/plans.ts names them by message id) in a language, with their
 * placeholders filled. tests/unit/plan-messages.test.ts holds every id to the catalogue.
 */
export function planTextOf(t: (id: MessageId, values?: Record<string, string | number>) => string): (id: PlanMessage) => string {
  return (id) => t(id as MessageId, PLAN_VALUES);
}
