import { ADMIN_PATHS } from "~/features/admin/ui/admin-nav";

/** A person's own admin page (issue 31). */
export const betaTesterPath = (id: number | string) => `${ADMIN_PATHS.betaTesters}/${id}`;
