import { useEffect, useState } from "react";
import { BREAKPOINTS } from "~/lib/constants";

/** Reviews per page (spec section 4): 1 below 640 px, 2 below 1024, 3 below 1280, else 4. */
export function itemsPerPageForWidth(width: number): number {
  if (width < BREAKPOINTS.sm) return 1;
  if (width < BREAKPOINTS.lg) return 2;
  if (width < BREAKPOINTS.xl) return 3;
  return 4;
}

/** The current items per page; null until known in the browser (the server lets CSS decide). */
export function useItemsPerPage(): number | null {
  const [perPage, setPerPage] = useState<number | null>(null);
  useEffect(() => {
    const queries = [BREAKPOINTS.sm, BREAKPOINTS.lg, BREAKPOINTS.xl].map((px) => window.matchMedia(`(min-width: ${px}px)`));
    const update = () => setPerPage(itemsPerPageForWidth(window.innerWidth));
    update();
    for (const query of queries) query.addEventListener("change", update);
    return () => queries.forEach((query) => query.removeEventListener("change", update));
  }, []);
  return perPage;
}
