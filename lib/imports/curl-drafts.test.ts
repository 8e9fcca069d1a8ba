/** curl drafts: the pasted credentials stay on the server, bound to the operator, until the save asks for them. */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { createCurlDraft, curlDraftForEditor, updateCurlDraft, withPastedSecrets } from "./curl-drafts";

const TOKEN = "Bearer sk-live-0123456789abcdef";
const COMMAND = `curl https://api.example.test/v1/orders/42 -H 'Authorization: ${TOKEN}' -H 'Accept: application/json'`;

describe("curl drafts", () => {
  it("return the document and masks, never the pasted value", () => {
    const view = createCurlDraft(COMMAND, "op-1");
    expect(JSON.stringify(view)).not.toContain("sk-live");
    expect(view.masks).toEqual({ authorization: "••••cdef" });
    expect(view.document.request.headers).toEqual({ Authorization: "", Accept: "application/json" });
    const opened = curlDraftForEditor(view.handle, "op-1");
    expect(opened?.definition.secret_headers).toEqual(["Authorization"]);
    expect(JSON.stringify(opened)).not.toContain("sk-live");
  });

  it("hand the value to the save of the operator who pasted it, and to no one else", () => {
    const { handle } = createCurlDraft(COMMAND, "op-1");
    expect(withPastedSecrets({ authorization: { pasted: handle }, "x-other": { clear: true } }, "op-1")).toEqual({ authorization: { value: TOKEN }, "x-other": { clear: true } });
    expect(() => withPastedSecrets({ authorization: { pasted: handle } }, "op-2")).toThrow(ValidationError);
    expect(() => withPastedSecrets({ authorization: { pasted: "unknown" } }, "op-1")).toThrow(/expired: enter it again/);
    expect(curlDraftForEditor(handle, "op-2")).toBeNull();
  });

  it("keep the edited document for the editor, and refuse edits of someone else's draft", () => {
    const view = createCurlDraft(COMMAND, "op-1");
    const document = { ...view.document, request: { ...view.document.request, url: "https://api.example.test/v1/orders/{{order_id}}" }, parameters: { type: "object" as const, properties: { order_id: { type: "string" } }, required: ["order_id"] } };
    updateCurlDraft(view.handle, "op-1", document);
    expect(curlDraftForEditor(view.handle, "op-1")?.definition.request.url).toBe("https://api.example.test/v1/orders/{{order_id}}");
    expect(() => updateCurlDraft(view.handle, "op-2", document)).toThrow(/expired/);
  });

  it("report a command that cannot become a draft at command", () => {
    const error = (() => {
      try {
        createCurlDraft("curl https://a.example.test --data-binary @secrets.json", "op-1");
      } catch (caught) {
        return caught as ValidationError;
      }
    })();
    expect(error?.issues).toEqual([{ path: "command", message: expect.stringMatching(/reads the body from a file/) }]);
  });
});
