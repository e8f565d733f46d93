import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

/** Carries the response's CSP nonce from entry.server to the scripts the document renders. */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
