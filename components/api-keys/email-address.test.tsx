/** Where a creator's e-mail may wrap in the API keys table: before its "@", never inside a part. */
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress, emailParts } from "./email-address";

describe("emailParts", () => {
  it.each([
    ["alice@example.com", ["alice", "@example.com"]],
    ["operations.lead@e2e-keys.quiver.test", ["operations.lead", "@e2e-keys.quiver.test"]],
    ['"a@b"@example.com', ['"a@b"', "@example.com"]],
    ["system", ["system"]],
    ["@example.com", ["@example.com"]],
  ])("%s", (address, parts) => {
    expect(emailParts(address)).toEqual(parts);
  });
});

describe("EmailAddress", () => {
  it("reads as the one address, with a break opportunity only before the @", () => {
    const { container } = render(<EmailAddress address="alice@example.com" />);
    const address = container.firstElementChild as HTMLElement;
    expect(address.textContent).toBe("alice@example.com");
    expect(address.title).toBe("alice@example.com");
    expect([...address.childNodes].map((node) => node.nodeName)).toEqual(["SPAN", "WBR", "SPAN"]);
  });
});
