/**
 * The loaders and actions of the reviews pages: the list (/admin/reviews) with its row actions, and
 * the review form (/admin/reviews/new, /admin/reviews/:id).
 */
import { json, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirectWithFlash } from "~/features/admin/flash.server";
import { formRefusal } from "~/features/admin/form-schema";
import { adminAction, answerSaveFailure, parseAdminForm, parseId, saveFailedRedirect, type AdminActionArgs } from "~/features/admin/guard.server";
import { ADMIN_SAVE_FAILED_MESSAGE } from "~/features/admin/messages";
import { requireAdmin } from "~/features/admin/session.server";
import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";
import { shouldShowReviews } from "~/lib/settings.server";
import { reviewFormDefaults, reviewSchema, type ReviewInput } from "./review-schema";
import {
  createReview,
  deleteReview,
  getReview,
  listReviews,
  moveReview,
  nextSortOrder,
  REVIEW_ADMIN_MESSAGES as MESSAGES,
  setReviewFlag,
  updateReview,
  type ReviewFlag,
} from "./reviews.server";

const REVIEWS_PATH = ADMIN_PATHS.reviews;

export async function loadReviewList({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const d1 = context.cloudflare.env.DB;
  const [reviews, sectionShown] = await Promise.all([listReviews(d1), shouldShowReviews(d1)]);
  const confirmId = parseId(new URL(request.url).searchParams.get("confirm"));
  const confirm = reviews.find((review) => review.id === confirmId) ?? null;
  return json({ reviews, sectionShown, confirm: confirm ? { id: confirm.id, title: confirm.title } : null });
}

const FLAG_INTENTS: Record<string, { flag: ReviewFlag; value: boolean; message: keyof typeof MESSAGES }> = {
  show: { flag: "isActive", value: true, message: "shown" },
  hide: { flag: "isActive", value: false, message: "hidden" },
  feature: { flag: "isFeatured", value: true, message: "featured" },
  unfeature: { flag: "isFeatured", value: false, message: "unfeatured" },
};
const MOVE_INTENTS: Record<string, "up" | "down"> = { "move-up": "up", "move-down": "down" };

/** Back to the list with its query string, minus Remix's ?index and the answered ?confirm. */
function listPath(request: Request): string {
  const params = new URL(request.url).searchParams;
  params.delete("index");
  params.delete("confirm");
  const search = params.toString();
  return `${REVIEWS_PATH}${search ? `?${search}` : ""}`;
}

/** The list's row actions: show/hide, feature/unfeature, move up/down, and delete (from its confirmation). */
export const reviewListAction = adminAction(async ({ request, context, session, fields }) => {
  const d1 = context.cloudflare.env.DB;
  const intent = fields.intent ?? "";
  if (!(intent in FLAG_INTENTS) && !(intent in MOVE_INTENTS) && intent !== "delete") {
    return json(formRefusal(MESSAGES.unknownIntent), { status: 400 });
  }
  const id = parseId(fields.id);
  if (id === null) return json(formRefusal(MESSAGES.badId), { status: 400 });

  const flash = (kind: "success" | "error", message: string) => redirectWithFlash(request, context, listPath(request), { kind, message });
  const missing = () => flash("error", MESSAGES.missing);

  const save = async () => {
    const toggle = FLAG_INTENTS[intent];
    if (toggle) {
      return (await setReviewFlag(d1, session.admin, id, toggle.flag, toggle.value)) ? flash("success", MESSAGES[toggle.message]) : missing();
    }
    const direction = MOVE_INTENTS[intent];
    if (direction) {
      const outcome = await moveReview(d1, session.admin, id, direction);
      if (outcome === "missing") return missing();
      if (outcome === "edge") return flash("error", direction === "up" ? MESSAGES.alreadyFirst : MESSAGES.alreadyLast);
      return flash("success", direction === "up" ? MESSAGES.movedUp : MESSAGES.movedDown);
    }
    return (await deleteReview(d1, session.admin, id)) ? flash("success", MESSAGES.deleted) : missing();
  };
  return answerSaveFailure({ event: "admin_reviews_action_failed", intent }, save, () => saveFailedRedirect(request, context, listPath(request)));
});

export async function loadNewReview({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  // A new review goes to the end of the list unless the admin picks another place.
  return json({ defaults: reviewFormDefaults(undefined, await nextSortOrder(context.cloudflare.env.DB)) });
}

export async function loadReviewEditor({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = parseId(params.id);
  const review = id === null ? null : await getReview(context.cloudflare.env.DB, id);
  if (!review) throw json({ error: MESSAGES.missing }, { status: 404 });
  return json({ id: review.id, title: review.title, defaults: reviewFormDefaults(review) });
}

/** Back to the list, told how it went. */
const toList = (request: Request, context: AppLoadContext, kind: "success" | "error", message: string) =>
  redirectWithFlash(request, context, REVIEWS_PATH, { kind, message });

/**
 * The review form's action (create or update): refused with 400, the messages beside the fields and
 * what was typed kept; when the write fails, the form again with ADMIN_SAVE_FAILED_MESSAGE (503) and
 * nothing of it lost; else back to the list with the flash.
 */
function reviewFormAction(intent: "create" | "update", save: (args: AdminActionArgs, review: ReviewInput) => Promise<Response>) {
  return adminAction(async (args) => {
    const submission = parseAdminForm(args.fields, reviewSchema);
    if (args.fields.intent !== intent) return json(submission.reply({ formErrors: [MESSAGES.unknownIntent] }), { status: 400 });
    if (submission.status !== "success") return json(submission.reply(), { status: 400 });
    return answerSaveFailure(
      { event: `admin_review_${intent}_failed` },
      () => save(args, submission.value),
      () => json(submission.reply({ formErrors: [ADMIN_SAVE_FAILED_MESSAGE] }), { status: 503 }),
    );
  });
}

export const createReviewAction = reviewFormAction("create", async ({ request, context, session }, review) => {
  await createReview(context.cloudflare.env.DB, session.admin, review);
  return toList(request, context, "success", MESSAGES.created);
});

export const updateReviewAction = reviewFormAction("update", async ({ request, context, session, params }, review) => {
  const id = parseId(params.id);
  const updated = id !== null && (await updateReview(context.cloudflare.env.DB, session.admin, id, review));
  return updated ? toList(request, context, "success", MESSAGES.updated) : toList(request, context, "error", MESSAGES.missing);
});
