import { createContext, useContext } from "react";

/** The request's CSP nonce on the server; undefined in the browser (where it is not needed). */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
