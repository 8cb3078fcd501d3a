import { createContext, useContext } from "react";

/** The per-request CSP nonce (server/index.ts); empty in the browser, which never needs it again. */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
