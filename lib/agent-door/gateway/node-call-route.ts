import "server-only";

/**
 * Tool calls — agents' hot path — on node:http without the Web objects (issue 23): the door's
 * Hono routes see a `Request` and answer a `Response`, and building those, their `Headers` and a
 * per-request `AbortController` is a visible share of a call's CPU (bench/README.md). Here the
 * same route code (tool-call-request.ts), the same failure answers and the same metrics and
 * traces (door-routes.ts's `observedDoorRequest`) run on the socket's own request and response.
 * Only `POST /api/v1/personas/{slug}/tools/{name}/call` in its plain form is taken; anything
 * else — another method (405), a trailing slash, a percent-encoded or dot segment — is left to
 * the Hono routes, which answer it as always.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { DoorAnswer } from "../door-answer";
import { AbortSwitch } from "../../tools";
import { DOOR_PATH_PREFIX } from "../door-path";
import { failureAnswer, type CallBody } from "../http";
import { answerToolCall } from "../tool-call-request";
import { observedDoorRequest } from "./door-routes";

/** The security headers every answer of the door carries (node-server.ts), as node's raw list: name, value, name, value… */
type SecurityHeaders = readonly string[];

const CALL_PATH = new RegExp(`^${DOOR_PATH_PREFIX}/personas/([^/%.][^/%]*)/tools/([^/%.][^/%]*)/call$`);

/** The whole body, as it arrives after the headers (the parser stops at the declared length); an agent hanging up first fails it. */
function wholeBody(request: IncomingMessage): Promise<string> {
  // Usually the body came with the headers and the parser has pushed all of it by the time the key is checked: it waits
  // in the stream's buffer, taken in one read, with no listener.
  if (request.complete) {
    const buffered = request.read() as Buffer | null;
    return Promise.resolve(buffered === null ? "" : buffered.toString("utf8"));
  }
  return new Promise((resolve, reject) => {
    if (request.destroyed) return reject(new Error("The agent hung up before sending the whole body."));
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8")));
    request.once("error", reject);
    request.once("close", () => {
      if (!request.complete) reject(new Error("The agent hung up before sending the whole body."));
    });
  });
}

/**
 * The request's body as the route reads it; leaving it early (a body over the cap) stops reading
 * without closing the connection. A class, not an object of arrow functions: one per call, on
 * agents' hot path, and its methods are made once.
 */
class SocketCallBody implements CallBody {
  readonly declaredLength: string | null;

  constructor(private readonly request: IncomingMessage) {
    this.declaredLength = request.headers["content-length"] ?? null;
  }

  whole(): Promise<string> {
    return wholeBody(this.request);
  }

  chunks(): AsyncIterable<Uint8Array> {
    return this.request.iterator({ destroyOnReturn: false });
  }
}

/**
 * Writes `answer` as the Web host would (`Response.json`), with the server's security headers.
 * The headers go to `writeHead` as one raw list, not as an object spread from the security
 * headers: with such a spread on every call each young-generation collection found about 1 MB
 * alive to copy and promote, against 3 KB with the same headers as a raw list, and its pause grew
 * with it (bench/README.md, "what outlives a call").
 */
function writeAnswer(request: IncomingMessage, response: ServerResponse, answer: DoorAnswer, security: SecurityHeaders): void {
  // What the route left unread of the body (a refusal before reading it, a body over the cap) is read and dropped, as
  // node:http does with a body nobody read, so the connection stays usable for the agent's next call.
  if (!request.readableEnded) request.resume();
  if (response.destroyed) return;
  const headers = security.slice();
  for (const name in answer.headers) headers.push(name, answer.headers[name]!);
  if (answer.body === undefined) {
    response.writeHead(answer.status, headers).end();
    return;
  }
  const json = JSON.stringify(answer.body);
  headers.push("Content-Type", "application/json", "Content-Length", String(Buffer.byteLength(json)));
  response.writeHead(answer.status, headers).end(json);
}

async function answerCall(request: IncomingMessage, response: ServerResponse, security: SecurityHeaders, target: { pathname: string; query: string; personaSlug: string; toolName: string }): Promise<void> {
  const { pathname, query, personaSlug, toolName } = target;
  // The agent hanging up (the connection closing before the answer is written) stops the call's upstream request.
  // `on`, not `once` (which wraps the listener): a response closes once, and is dropped after.
  const hangUp = new AbortSwitch();
  response.on("close", () => {
    if (!response.writableFinished) hangUp.abort();
  });
  await observedDoorRequest({ method: "POST", pathname, headers: request.headers }, async () => {
    let answer: DoorAnswer;
    try {
      answer = await answerToolCall({
        personaSlug,
        toolName,
        authorization: request.headers.authorization ?? null,
        format: query === "" ? null : new URLSearchParams(query).get("format"),
        body: new SocketCallBody(request),
        signal: hangUp,
      });
    } catch (error) {
      answer = failureAnswer(error, hangUp.aborted);
    }
    writeAnswer(request, response, answer, security);
    return answer;
  });
}

/** Answers `request` when it is a tool call in its plain form (see the module comment); false leaves it to the Hono routes. */
export function answeredAsToolCall(request: IncomingMessage, response: ServerResponse, security: SecurityHeaders): boolean {
  if (request.method !== "POST" || request.url === undefined) return false;
  const queryAt = request.url.indexOf("?");
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  const call = CALL_PATH.exec(pathname);
  if (call === null) return false;
  const query = queryAt === -1 ? "" : request.url.slice(queryAt + 1);
  void answerCall(request, response, security, { pathname, query, personaSlug: call[1]!, toolName: call[2]! });
  return true;
}
