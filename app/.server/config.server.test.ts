import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("uses the contract's defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sqlitePath).toMatch(/var\/base\.sqlite$/);
    expect(config.sms.transport).toBe("log");
    expect(config.sms.apiBase).toBe("https://api.twilio.com");
  });

  it("trusts no proxy's X-Forwarded-For unless told which (npm start may face the internet directly)", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.5" }).trustProxy).toBe("10.0.0.5");
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
  });

  it("derives PUBLIC_URL from PORT and trims a trailing slash", () => {
    expect(loadConfig({ PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    expect(loadConfig({ PUBLIC_URL: "https://base.example.com/" }).publicUrl).toBe("https://base.example.com");
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s3cret-value" }).sessionSecret).toBe("s3cret-value");
    expect(() => loadConfig({ NODE_ENV: "production", SESSION_SECRET: " , " })).toThrow(/SESSION_SECRET is required/);
  });

  it("takes SESSION_SECRET as a list: the first signs, every one verifies", () => {
    const config = loadConfig({ NODE_ENV: "production", SESSION_SECRET: "new-secret-2026, old-secret-2025" });
    expect(config.sessionSecret).toBe("new-secret-2026");
    expect(config.sessionSecrets).toEqual(["new-secret-2026", "old-secret-2025"]);
  });

  it("requires Twilio's credentials when texts go through Twilio", () => {
    expect(() => loadConfig({ SMS_TRANSPORT: "twilio" })).toThrow(/TWILIO_ACCOUNT_SID/);
  });

  it("asks a person for three seconds on a form unless told otherwise", () => {
    expect(loadConfig({}).formMinFillMs).toBe(3000);
    expect(loadConfig({ FORM_MIN_FILL_MS: "0" }).formMinFillMs).toBe(0);
    expect(() => loadConfig({ FORM_MIN_FILL_MS: "-1" })).toThrow(/FORM_MIN_FILL_MS/);
  });

  it("writes the log to a file only when asked", () => {
    expect(loadConfig({}).logFile).toBeUndefined();
    expect(loadConfig({ LOG_FILE: "var/site.log" }).logFile).toMatch(/\/var\/site\.log$/);
  });

  it("names the variable at fault", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
  });
});
