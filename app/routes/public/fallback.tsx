import { href, redirect } from "react-router";

// Unknown paths go to the home page, as the spec asks.
export function loader() {
  return redirect(href("/"), 302);
}

export default function Fallback() {
  return null;
}
