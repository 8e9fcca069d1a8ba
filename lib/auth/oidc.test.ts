import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { oidcProviderFromEnv, verifiedEmailOf } from "./oidc";

describe("oidcProviderFromEnv", () => {
  it("is off when no variable is set", () => {
    expect(oidcProviderFromEnv({})).toBeNull();
  });

  it("builds a provider from the issuer's discovery document", () => {
    const provider = oidcProviderFromEnv({
      QUIVER_OIDC_ISSUER: "https://login.example.com/realms/ops/",
      QUIVER_OIDC_CLIENT_ID: "quiver",
      QUIVER_OIDC_CLIENT_SECRET: "s3cret-value",
      QUIVER_OIDC_NAME: "Okta",
    });
    expect(provider).toMatchObject({
      id: "oidc",
      name: "Okta",
      wellKnown: "https://login.example.com/realms/ops/.well-known/openid-configuration",
      clientId: "quiver",
    });
  });

  it("refuses half a configuration, naming each missing variable", () => {
    let thrown: unknown;
    try {
      oidcProviderFromEnv({ QUIVER_OIDC_ISSUER: "https://login.example.com" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues.map((issue) => issue.path)).toEqual([
      "QUIVER_OIDC_CLIENT_ID",
      "QUIVER_OIDC_CLIENT_SECRET",
    ]);
  });
});

describe("verifiedEmailOf", () => {
  it.each([
    [{ sub: "1", email: "ops@example.com", email_verified: true }, "ops@example.com"],
    [{ sub: "1", email: "ops@example.com", email_verified: false }, null],
    [{ sub: "1", email: "ops@example.com" }, null],
    [{ sub: "1", email_verified: true }, null],
    [{ sub: "1", email: " ", email_verified: true }, null],
    [undefined, null],
  ])("%j → %j", (profile, expected) => {
    expect(verifiedEmailOf(profile)).toBe(expected);
  });
});
