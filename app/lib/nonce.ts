// The CSP nonce for inline scripts: set on the server, empty in the browser (which hides it anyway).
import { createContext, useContext } from "react";

export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
