import { useCallback, useEffect, useRef, useState } from "react";
import { COPIED_CONFIRMATION_MS } from "~/lib/constants";

/**
 * Copies text and reports `copied` for COPIED_CONFIRMATION_MS. A failed copy is only logged
 * (spec section 8).
 */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
      return true;
    } catch (error) {
      console.warn("Copy to clipboard failed", error);
      return false;
    }
  }, []);

  return { copied, copy };
}
