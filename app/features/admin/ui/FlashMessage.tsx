import { useEffect, useRef } from "react";
import type { Flash } from "~/features/admin/flash.server";

/** The confirmation (or failure) of the last mutation; announced to screen readers, focusable. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (flash) ref.current?.focus();
  }, [flash]);
  if (!flash) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={flash.kind === "error" ? "alert" : "status"}
      className={`flash flash-${flash.kind}`}
      data-testid="flash"
    >
      {flash.message}
    </div>
  );
}
