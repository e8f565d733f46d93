/**
 * Passkeys in the browser (decision 0026): signing in with one, and adding
 * one on this device once signed in. WebAuthn needs JavaScript, so these
 * buttons work only once the page's script runs in a browser that has
 * passkeys (the sign-in ones appear then; the add form is there switched off
 * until then); the name and PIN form works without them. The WebAuthn library
 * loads only when a button is pressed.
 */
import { useId, useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { useHydrated } from "~/components/client-state";
import { PlainField } from "~/components/forms/field-kit";
import { isLostConnection } from "./offline-guard";

const neverChanges = () => () => {};

/** Whether this browser has WebAuthn, once the page's script runs: unknown (undefined) on the server and before hydration. */
function usePasskeysAvailable(): boolean | undefined {
  return useSyncExternalStore(
    neverChanges,
    () => typeof window.PublicKeyCredential === "function",
    () => undefined,
  );
}

async function postJson(path: string, body: unknown): Promise<{ ok: boolean; json: unknown }> {
  const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  return { ok: response.ok, json: await response.json().catch(() => null) };
}

/** What went wrong, in words: a ceremony's own (below), or no connection (the browser's own words say "Failed to fetch"). */
const said = (error: unknown) => (isLostConnection(error) ? "No connection: nothing was done. Try again once this device has signal." : (error as Error).message);

const errorOf = (json: unknown, fallback: string) =>
  json && typeof json === "object" && "error" in json && typeof json.error === "string" ? json.error : fallback;

/**
 * A WebAuthn ceremony: the server's options (`path`/options), the device's answer (`ask`), the server's check of it
 * (`path`, with `body`). Throws what to say (`words`): no options, the prompt cancelled (said gently), refused.
 */
async function ceremony(path: string, ask: (optionsJSON: never) => Promise<unknown>, body: object, words: [string, string, string]) {
  const options = await postJson(`${path}/options`, {});
  if (!options.ok) throw new Error(errorOf(options.json, words[0]));
  let response;
  try {
    response = await ask(options.json as never);
  } catch {
    throw new Error(words[1]);
  }
  const result = await postJson(path, { response, ...body });
  if (!result.ok) throw new Error(errorOf(result.json, words[2]));
}

export function PasskeySignInButton() {
  const available = usePasskeysAvailable();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!available) return null;
  async function signIn() {
    setBusy(true);
    setProblem(null);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      await ceremony("/api/staff/passkey-sign-in", (optionsJSON) => startAuthentication({ optionsJSON }), {}, ["Passkey sign-in isn't available just now.", "No passkey was used. You can try again, or sign in with your name and PIN.", "That passkey could not be used here."]);
      // The page again, signed in: its loader now sees the new session.
      window.location.reload();
    } catch (error) {
      setProblem(said(error));
      setBusy(false);
    }
  }
  return (
    <div className="max-w-sm space-y-2">
      <button type="button" className="button button-outline w-full" onClick={() => void signIn()} disabled={busy}>
        {busy ? "Waiting for your device…" : "Sign in with a passkey"}
      </button>
      <p role="status" className="field-error empty:hidden">
        {problem}
      </p>
    </div>
  );
}

export function AddPasskey() {
  const available = usePasskeysAvailable();
  const revalidator = useRevalidator();
  const labelId = useId();
  const [label, setLabel] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Its own margin: inside <noscript> (an inline element) the list's spacing does not reach it.
  const needs = <p className="mb-3">Adding a passkey needs this page&apos;s script and a browser with passkeys (most phones and computers from 2022 on).</p>;
  if (available === false) return needs;
  async function add() {
    setBusy(true);
    setMessage(null);
    try {
      const { startRegistration } = await import("@simplewebauthn/browser");
      await ceremony("/api/staff/passkeys", (optionsJSON) => startRegistration({ optionsJSON }), { label }, ["Adding a passkey isn't available just now.", "No passkey was made. You can try again.", "That passkey could not be added."]);
      setMessage("Passkey added. From now on you can sign in on this device with it, without your PIN.");
      setLabel("");
      await revalidator.revalidate();
    } catch (error) {
      setMessage(said(error));
    }
    setBusy(false);
  }
  // Until the script runs, the same controls, switched off, so that nothing below them moves when it does.
  return (
    <div className="max-w-sm space-y-3">
      {available ? null : <noscript>{needs}</noscript>}
      <PlainField id={labelId} label={<>Name this device <span className="font-normal">(optional)</span></>} value={label} maxLength={60} placeholder="My phone" disabled={!available} onChange={(e) => setLabel(e.target.value)} />
      <button type="button" className="button button-primary" onClick={() => void add()} disabled={!available || busy}>
        {busy ? "Waiting for your device…" : "Add a passkey on this device"}
      </button>
      <p role="status" className="empty:hidden">
        {message}
      </p>
    </div>
  );
}

/** How often a waiting device asks whether a manager has let it in. */
const COLLECT_EVERY_MS = 2000;

/**
 * "New device and can't sign in?": asks a manager to let this device in. It
 * shows a short code and the name asked for, to read out; once a manager
 * types both on their own device, this page signs in by itself.
 */
export function AskManager() {
  const available = useHydrated();
  const nameId = useId();
  const [name, setName] = useState("");
  const [code, setCode] = useState<string | null>(null);
  /** The name this device asked for: the manager types it with the code. */
  const [asked, setAsked] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  if (!available) return null;
  async function ask() {
    setProblem(null);
    const request = await postJson("/api/staff/device-approval", { name });
    if (!request.ok) return setProblem(errorOf(request.json, "That didn't work. Please try again."));
    setAsked(name.trim());
    setCode((request.json as { code: string }).code);
    const timer = window.setInterval(() => {
      void postJson("/api/staff/device-approval/collect", {}).then((answer) => {
        if (answer.ok && answer.json && typeof answer.json === "object" && "name" in answer.json) {
          window.clearInterval(timer);
          window.location.reload();
        } else if (!answer.ok) {
          window.clearInterval(timer);
          setCode(null);
          setProblem(errorOf(answer.json, "The code has run out. Ask again for a new one."));
        }
      });
    }, COLLECT_EVERY_MS);
  }
  return (
    <details className="max-w-sm rounded-2xl bg-white p-4 ring-1 ring-ink/10">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">New device and can&apos;t sign in?</summary>
      {code ? (
        <div className="mt-3 space-y-2" role="status">
          <p>
            Show this code and your name to a manager. They type both under Passkeys on their own phone or computer; this page then signs you in as{" "}
            <strong>{asked}</strong>.
          </p>
          <p className="font-mono text-3xl font-semibold tracking-[0.3em]" aria-label={`Code ${code.split("").join(" ")}`}>
            {code}
          </p>
        </div>
      ) : (
        <div className="mt-3 space-y-3">
          <p>A manager can let this device in, even while sign-in is paused here.</p>
          <PlainField id={nameId} label="Your name" type="text" value={name} maxLength={40} autoComplete="username" onChange={(e) => setName(e.target.value)} />
          <button type="button" className="button button-outline" onClick={() => void ask()}>
            Ask a manager to let this device in
          </button>
        </div>
      )}
      <p role="alert" className="field-error empty:hidden">
        {problem}
      </p>
    </details>
  );
}
