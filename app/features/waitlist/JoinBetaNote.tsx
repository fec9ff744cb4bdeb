import { Link } from "@remix-run/react";
import { siteConfig } from "~/config/site";
import { EntryCard, Notice } from "./entry-page";

/**
 * On a notify-me entry's status page: the way into the beta (its form, which asks the address to
 * confirm), or, once asked, that the confirmation is waiting in the inbox.
 */
export function JoinBetaNote({ pending }: { pending: boolean }) {
  if (pending) {
    return (
      <Notice tone="success">
        To join the beta, open the link we emailed you and press Confirm. Your place in line shows here once you do.
      </Notice>
    );
  }
  return (
    <EntryCard title="Want to test the iPhone app?" titleId="join-beta-heading">
      <p className="mt-1 text-sm text-ink-muted">
        Beta testers try new {siteConfig.appName} builds before everyone else, in the order they joined.
      </p>
      <p className="mt-5">
        <Link className="btn btn-secondary" to="/waitlist">
          Join the beta waitlist
        </Link>
      </p>
    </EntryCard>
  );
}
