/**
 * The sign-in form's zod schema, read by conform in the browser and by the action. Whatever is
 * wrong, the form says one thing (ADMIN_LOGIN_MESSAGES.missing): it never tells which part.
 */
import * as z from "zod";
import { ADMIN_LOGIN_MESSAGES } from "./messages";

const missing = ADMIN_LOGIN_MESSAGES.missing;

export const loginSchema = z.object({
  email: z.string({ error: missing }).trim().max(254, missing),
  password: z.string({ error: missing }).max(1024, missing),
  redirectTo: z.string().optional(),
});
