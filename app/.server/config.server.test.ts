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

  it("derives PUBLIC_URL from PORT and trims a trailing slash", () => {
    expect(loadConfig({ PORT: "4100" }).publicUrl).toBe("http://localhost:4100");
    expect(loadConfig({ PUBLIC_URL: "https://base.example.com/" }).publicUrl).toBe("https://base.example.com");
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s3cret-value" }).sessionSecret).toBe("s3cret-value");
  });

  it("requires Twilio's credentials when texts go through Twilio", () => {
    expect(() => loadConfig({ SMS_TRANSPORT: "twilio" })).toThrow(/TWILIO_ACCOUNT_SID/);
  });

  it("names the variable at fault", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
  });
});
