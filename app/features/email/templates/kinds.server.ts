/**
 * The registry of message kinds. A new kind (issue 17: the beta invitation, announcements) is a file
 * next to these that exports an EmailKind, plus one line here.
 */
import { confirmKind } from "./confirm.server";
import { statusLinkKind } from "./status-link.server";
import type { EmailKind } from "./types.server";
import { welcomeKind } from "./welcome.server";

/** The sender parses each payload with the kind's own schema before using it, so the type can be erased here. */
const registered = <P>(kind: EmailKind<P>) => kind as unknown as EmailKind<unknown>;

export const emailKinds = {
  confirm: registered(confirmKind),
  welcome: registered(welcomeKind),
  status_link: registered(statusLinkKind),
} as const;

export type EmailKindName = keyof typeof emailKinds;

export function findKind(name: string): EmailKind<unknown> | undefined {
  return Object.hasOwn(emailKinds, name) ? emailKinds[name as EmailKindName] : undefined;
}
