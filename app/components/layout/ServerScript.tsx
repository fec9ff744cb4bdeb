import { useNonce } from "~/hooks/useNonce";

/**
 * An inline script whose code exists only on the server (imported from a `.server` module: undefined
 * in the browser bundle), built from constants: nothing from the request or the visitor goes into
 * it. React keeps the server-rendered script as it is during hydration and the client never re-runs
 * it. The nonce exists only on the server too (browsers hide it after parsing), hence the hydration
 * warning suppression.
 */
export function ServerScript({ code }: { code: string | undefined }) {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: code ?? "" }} />;
}
