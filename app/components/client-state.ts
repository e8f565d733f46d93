import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** True once the page runs in the browser with JavaScript; false in the server's HTML. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
