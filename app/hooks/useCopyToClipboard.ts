import { useCallback, useEffect, useRef, useState } from "react";
import { COPIED_CONFIRMATION_MS } from "~/lib/constants";

/** Copies text; a failed copy is only logged (spec section 8). Resolves to whether it was copied. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn("Copy to clipboard failed", error);
    return false;
  }
}

/** Copies text (copyToClipboard) and reports `copied` for COPIED_CONFIRMATION_MS. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    if (!(await copyToClipboard(text))) return false;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    return true;
  }, []);

  return { copied, copy };
}
