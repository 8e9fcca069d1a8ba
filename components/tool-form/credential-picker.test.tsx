/**
 * The tool editor's credential picker: it offers only credentials whose hosts admit the URL's
 * host (exact or wildcard, as the save checks), follows the URL as it is typed, and keeps a chosen
 * credential the URL no longer admits selected, with the reason next to it.
 */
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { credentialChoices } from "./credential-choices";
import { CredentialPicker } from "./credential-picker";

const CHOICES = credentialChoices([
  { name: "vendor_key", kind: "header", hosts: ["api.vendor.com"], config: { header_name: "X-Api-Key" } },
  { name: "wide", kind: "query", hosts: ["*.example.com"], config: { parameter_name: "api_key" } },
  { name: "auth0", kind: "oauth2_client_credentials", hosts: ["api.vendor.com", "eu.example.com"], config: { token_url: "https://auth.example.com/token" } },
]);

function offered(url: string, value = "") {
  render(<CredentialPicker value={value} onChange={() => {}} choices={CHOICES} url={url} readOnly={false} />);
  const picker = screen.getByRole("combobox", { name: "Credential" });
  return { picker, options: within(picker).getAllByRole("option").map((option) => option.textContent) };
}

describe("CredentialPicker", () => {
  it.each([
    ["https://api.vendor.com/orders/{{id}}", ["None", "vendor_key — X-Api-Key header", "auth0 — Authorization: Bearer (OAuth2 token)"]],
    ["https://EU.example.com:8443/x", ["None", "wide — ?api_key= query parameter", "auth0 — Authorization: Bearer (OAuth2 token)"]],
    ["https://example.com/apex-is-not-admitted-by-a-wildcard", ["None"]],
    ["https://", ["None"]],
  ])("for %s offers %j", (url, expected) => {
    expect(offered(url).options).toEqual(expected);
  });

  it("keeps a chosen credential the URL no longer admits, marked, and says why", () => {
    const { picker, options } = offered("https://api.other.com/x", "vendor_key");
    expect(options).toEqual(["None", "vendor_key (not sent to api.other.com)"]);
    expect((picker as HTMLSelectElement).value).toBe("vendor_key");
    expect(picker.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(picker.getAttribute("aria-describedby")!)?.textContent).toBe(
      "vendor_key is not sent to api.other.com: choose another credential, or add the host to vendor_key on the Credentials page.",
    );
  });

  it("shows the server's reason over its own", () => {
    render(<CredentialPicker value="vendor_key" onChange={() => {}} choices={CHOICES} url="https://api.vendor.com/x" error="sets X-Api-Key, which the tool's own header sets too" readOnly={false} />);
    const picker = screen.getByRole("combobox", { name: "Credential" });
    expect(document.getElementById(picker.getAttribute("aria-describedby")!)?.textContent).toBe("sets X-Api-Key, which the tool's own header sets too");
  });
});
