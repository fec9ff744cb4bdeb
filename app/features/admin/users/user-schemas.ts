/**
 * The users page's forms (/admin/users), one zod schema each, read by conform in the browser and
 * by the action: add an admin, reset another admin's password, change my own. And what the page says.
 */
import * as z from "zod";
import { optionalField, recordId } from "~/features/admin/form-schema";
import type { AdminRole } from "~/features/admin/session.server";
import { ADMIN_PASSWORD_MAX_LENGTH, ADMIN_PASSWORD_MIN_LENGTH, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "~/lib/constants";
import { VALIDATION_MESSAGES } from "~/lib/messages";
import { emailProblem } from "~/lib/field-rules";

export const ADMIN_ROLES = ["owner", "admin"] as const satisfies readonly AdminRole[];

export const USERS_MESSAGES = {
  ownerOnly: "Only an owner can manage other admins.",
  duplicateEmail: "An admin with this email already exists.",
  chooseRole: "Choose a role: owner or admin.",
  unknownIntent: "That action is not available here.",
  badId: "Choose an admin from the list.",
  gone: "That admin no longer exists.",
  notSelfDisable: "You cannot disable your own account.",
  notSelfRole: "You cannot change your own role.",
  notSelfReset: "Use “Change my password” for your own account.",
  lastOwner: (email: string) => `${email} is the last enabled owner. Make another admin an owner first.`,
  wrongCurrent: "The current password is not correct.",
  tooManyAttempts: "Too many password attempts for this account. Please wait a few minutes and try again.",
  samePassword: "Choose a password different from the current one.",
  ownPasswordChanged: "Password changed. Other sessions were signed out.",
  passwordTooShort: `Use at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Use at most ${ADMIN_PASSWORD_MAX_LENGTH} characters.`,
} as const;

/** The policy for a password someone chooses (never trimmed: spaces are characters). */
const newPassword = z
  .string({ error: USERS_MESSAGES.passwordTooShort })
  .min(ADMIN_PASSWORD_MIN_LENGTH, USERS_MESSAGES.passwordTooShort)
  .max(ADMIN_PASSWORD_MAX_LENGTH, USERS_MESSAGES.passwordTooLong);

export const addAdminSchema = z.object({
  intent: z.literal("add"),
  email: z
    .string({ error: VALIDATION_MESSAGES.invalidEmail })
    .trim()
    .max(EMAIL_MAX_LENGTH, VALIDATION_MESSAGES.invalidEmail)
    .superRefine((email, ctx) => {
      const problem = emailProblem(email);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  name: optionalField(z.string().trim().max(NAME_MAX_LENGTH, VALIDATION_MESSAGES.nameTooLong)),
  role: z.enum(ADMIN_ROLES, { error: USERS_MESSAGES.chooseRole }),
  password: newPassword,
});

export const resetPasswordSchema = z.object({
  intent: z.literal("reset-password"),
  id: recordId(USERS_MESSAGES.badId),
  password: newPassword,
});

export const ownPasswordSchema = z.object({
  intent: z.literal("change-own-password"),
  // Checked against the stored hash by the action; a value no password can be is simply wrong.
  currentPassword: z.string({ error: USERS_MESSAGES.wrongCurrent }).max(1024, USERS_MESSAGES.wrongCurrent),
  newPassword,
});

/** Fields never sent back to the browser in an answer. */
export const PASSWORD_FIELDS = ["password", "currentPassword", "newPassword"];
