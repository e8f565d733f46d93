import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

// A salon with no offers running: settings.yaml's hideOffers, on a server of its own.
test.describe("with hideOffers set", () => {
  test.skip(({ isMobile }) => isMobile, "one server is enough");
  let child: ChildProcess | undefined;
  let base = "";
  const dirs: string[] = [];

  test.beforeAll(async () => {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-content-"));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bha-data-"));
    dirs.push(contentDir, dataDir);
    fs.cpSync("content", contentDir, { recursive: true });
    const settings = path.join(contentDir, "settings.yaml");
    fs.writeFileSync(settings, fs.readFileSync(settings, "utf8").replace("hideOffers: false", "hideOffers: true"));
    const port = 3250 + Math.floor(Math.random() * 40);
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["scripts/start.mjs"], {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, CONTENT_DIR: contentDir, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    await expect.poll(() => output, { timeout: 30_000 }).toContain("is ready");
  });

  test.afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.on("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("every offer page says 'Check back soon!', and the nav and landing page drop their offers", async ({ page, request }) => {
    for (const offerPath of ["/offers", "/offers/general", "/offers/nadia", "/sms/spring"]) {
      const html = await (await request.get(base + offerPath)).text();
      expect(html, offerPath).toContain("Check back soon!");
      expect(html, offerPath).not.toContain("NADIA30");
      expect(html, offerPath).not.toContain("SPRINGCUT");
    }
    const home = await (await request.get(`${base}/`)).text();
    expect(home).not.toContain('id="offers"');
    expect(home).not.toContain('href="/offers"');
    expect(await (await request.get(`${base}/team/nadia`)).text()).not.toContain('href="/offers/nadia"');

    await page.goto(`${base}/offers/apprentice-stylist`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check back soon!");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
