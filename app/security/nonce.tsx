import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current request. It exists only during the server render;
 * in the browser it is an empty string, which React accepts on hydration because
 * browsers hide nonce attributes from the DOM.
 */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
