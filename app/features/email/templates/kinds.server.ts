/**
 * The registry of message kinds. A new kind is a file next to these that exports an EmailKind, plus
 * one line here.
 */
import { announcementKind } from "./announcement.server";
import { confirmKind } from "./confirm.server";
import { invitationKind } from "./invitation.server";
import { statusLinkKind } from "./status-link.server";
import type { EmailKind } from "./types.server";
import { welcomeKind } from "./welcome.server";

/** The sender parses each payload with the kind's own schema before using it, so the type can be erased here. */
const registered = <P>(kind: EmailKind<P>) => kind as unknown as EmailKind<unknown>;

export const emailKinds = {
  confirm: registered(confirmKind),
  welcome: registered(welcomeKind),
  status_link: registered(statusLinkKind),
  invitation: registered(invitationKind),
  announcement: registered(announcementKind),
} as const;

export type EmailKindName = keyof typeof emailKinds;

export function findKind(name: string): EmailKind<unknown> | undefined {
  return Object.hasOwn(emailKinds, name) ? emailKinds[name as EmailKindName] : undefined;
}
