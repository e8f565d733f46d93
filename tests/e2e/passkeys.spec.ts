import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { RAE, STAFF, staffAccountsEnv } from "../support/staff-client";
import { expectAccessible } from "./support/axe";
import { ownServerOnDemand } from "./support/own-server";

// Passkeys in Chromium with its virtual authenticator (the DevTools protocol's
// WebAuthn domain): a manager signs in with name and PIN, adds a passkey on
// that device, then signs in with it alone on a fresh page of another browser
// profile, which has no cookie of ours, only the passkey. On a server of its
// own, addressed as localhost: a passkey belongs to a host name, never an IP
// address.

interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/** Gives `page`'s tab a platform authenticator (like Face ID or Windows Hello) that says yes at once. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => ((await cdp.send("WebAuthn.getCredentials", { authenticatorId })) as { credentials: VirtualCredential[] }).credentials,
    add: (credential: VirtualCredential) => cdp.send("WebAuthn.addCredential", { authenticatorId, credential }),
  };
}

test.describe("passkeys", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  test.skip(({ isMobile }) => isMobile, "one browser's journey: Chromium's virtual authenticator");
  const own = ownServerOnDemand(30, { STAFF_ACCOUNTS: `${staffAccountsEnv},${RAE.name}:${RAE.pin}:reception` }, { publicHost: "localhost" });
  const manager = STAFF.morgan;

  test.afterAll(() => own.stop());

  test("a manager adds a passkey and signs in with it on a fresh page", async ({ browser }) => {
    const { base } = await own.get();
    const phone = await browser.newContext();
    const page = await phone.newPage();
    const authenticator = await virtualAuthenticator(phone, page);
    await page.goto(`${base}/staff/access`);
    await page.getByLabel("Name", { exact: true }).fill(manager.name);
    await page.getByLabel("PIN").fill(manager.pin);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByText(`Signed in as ${manager.name}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Passkeys and devices" })).toBeVisible();

    await page.getByLabel("Name this device").fill("Morgan's laptop");
    // Without signal: said in words, not the browser's "Failed to fetch", and nothing is made.
    await phone.setOffline(true);
    await page.getByRole("button", { name: "Add a passkey on this device" }).click();
    await expect(page.getByText("No connection: nothing was done. Try again once this device has signal.")).toBeVisible();
    expect(await authenticator.credentials()).toEqual([]);
    await phone.setOffline(false);
    await page.getByRole("button", { name: "Add a passkey on this device" }).click();
    await expect(page.getByText("Passkey added.")).toBeVisible();
    await expect(page.getByText(`${manager.name}: Morgan's laptop`)).toBeVisible();
    await expectAccessible(page, "/staff/access, with a passkey");
    await page.screenshot({ path: test.info().outputPath("passkeys-1366.png"), fullPage: true });
    const [made] = await authenticator.credentials();
    expect(made?.isResidentCredential).toBe(true);
    await phone.close();

    // Another profile: no cookie of ours, only the passkey on its authenticator.
    const fresh = await browser.newContext();
    const freshPage = await fresh.newPage();
    const freshAuthenticator = await virtualAuthenticator(fresh, freshPage);
    await freshAuthenticator.add(made!);
    await freshPage.goto(`${base}/staff`);
    await expect(freshPage.getByLabel("Name", { exact: true })).toHaveValue("");
    await freshPage.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(freshPage.getByText(`Signed in as ${manager.name}`)).toBeVisible();
    await expect(freshPage).toHaveURL(`${base}/staff`);

    // The manager removes it: the session it made ends with it (decision 0039), and it no longer signs anyone in.
    await freshPage.goto(`${base}/staff/access`);
    await freshPage.getByRole("button", { name: `Remove passkey Morgan's laptop of ${manager.name}` }).click();
    await expect(freshPage.getByRole("button", { name: "Log In" })).toBeVisible();
    await freshPage.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(freshPage.getByText("That passkey could not be used here.")).toBeVisible();
    await fresh.close();
  });

  test("a new device is let in by a manager's approval, who names the account it asked for", async ({ browser }) => {
    const { base } = await own.get();
    const askAs = async (context: BrowserContext, name: string) => {
      const waiting = await context.newPage();
      await waiting.goto(`${base}/staff`);
      await waiting.getByText("New device and can't sign in?").click();
      await waiting.getByLabel("Your name").fill(name);
      await waiting.getByRole("button", { name: "Ask a manager to let this device in" }).click();
      const shown = waiting.locator("p.font-mono");
      await expect(shown).toHaveText(/^[A-Z2-9]{6}$/);
      await expect(waiting.getByRole("status")).toContainText(`signs you in as ${name}`);
      return { waiting, code: (await shown.textContent())! };
    };

    const managersPhone = await browser.newContext();
    const page = await managersPhone.newPage();
    await page.goto(`${base}/staff/access`);
    await page.getByLabel("Name", { exact: true }).fill(manager.name);
    await page.getByLabel("PIN").fill(manager.pin);
    await page.getByRole("button", { name: "Log In" }).click();
    const approve = async (code: string, name: string) => {
      await page.getByLabel("Code on the new device").fill(code);
      await page.getByLabel("Name it asks for").fill(name);
      await page.getByRole("button", { name: "Let this device in" }).click();
    };

    // A device asking for another manager's account: only that manager can let it in.
    const outsider = await browser.newContext();
    const asksForSam = await askAs(outsider, STAFF.sam.name);
    await approve(asksForSam.code, STAFF.sam.name);
    await expect(page.getByText(`only ${STAFF.sam.name} can let it in`)).toBeVisible();
    await outsider.close();

    const newPhone = await browser.newContext();
    const { waiting, code } = await askAs(newPhone, RAE.name);
    await approve(code.toLowerCase(), RAE.name);
    await expect(page.getByText(`Done: the device signs in as ${RAE.name} in a moment.`)).toBeVisible();

    await expect(waiting.getByText(`Signed in as ${RAE.name}`)).toBeVisible();
    // The code is used up: typing it again lets nothing else in.
    await approve(code, RAE.name);
    await expect(page.getByText("No device is waiting with that code.")).toBeVisible();
    await newPhone.close();
    await managersPhone.close();
  });
});
