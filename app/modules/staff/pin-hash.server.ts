/**
 * PINs are kept only as argon2id hashes (OWASP's settings: 19 MiB, 2 passes,
 * one lane; about 17 ms a check here). The PHC string records its settings,
 * so they can be raised later without breaking stored hashes.
 */
import { hash, verify, type Options } from "@node-rs/argon2";

const options: Options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPin(pin: string): Promise<string> {
  return hash(pin, options);
}

/** True when `pin` matches `pinHash`; false for a wrong PIN or a damaged hash. */
export async function pinMatches(pinHash: string, pin: string): Promise<boolean> {
  try {
    return await verify(pinHash, pin);
  } catch {
    return false;
  }
}

/** A hash of a PIN nobody has, checked when there are no accounts so that a sign-in takes as long either way. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPin(`decoy-${Math.random()}`);
  return decoy;
}
