/**
 * Ready-to-paste configuration for connecting an agent to a persona (issue 22): Claude Code, Cursor,
 * VS Code, the OpenAI Responses API (its `mcp` tool) and a curl call of the runtime API — each with
 * Quiver's real URL and either the key just created or a placeholder. Framework-free and
 * browser-safe: the key dialog builds them in the browser from the token it shows once, so nothing
 * secret is stored or sent back.
 */

export interface ConnectTarget {
  /** Quiver's public origin (`NEXTAUTH_URL`'s), e.g. `https://quiver.example.com`. */
  readonly origin: string;
  readonly personaSlug: string;
  /** The API key to fill in; absent, a placeholder the operator replaces. */
  readonly key?: string;
  /** A tool of the persona for the curl example; absent, a placeholder name. */
  readonly exampleTool?: string;
}

export interface ConnectSnippet {
  readonly id: "claude-code" | "cursor" | "vscode" | "openai" | "curl";
  /** The tab's label: the client. */
  readonly label: string;
  /** Where it goes: the command line, the file, the code. */
  readonly title: string;
  readonly code: string;
  /** One sentence on what to do with it. */
  readonly hint: string;
}

/** What stands for the key when none was just created. */
export const KEY_PLACEHOLDER = "qv_YOUR_API_KEY";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The persona's MCP endpoint and the server name clients list it under. */
export function mcpEndpoint({ origin, personaSlug }: Pick<ConnectTarget, "origin" | "personaSlug">): { url: string; serverName: string } {
  return { url: `${origin.replace(/\/+$/, "")}/api/v1/personas/${encodeURIComponent(personaSlug)}/mcp`, serverName: `quiver-${personaSlug}` };
}

/** Every snippet for `target`, in the order the tabs show them. */
export function connectSnippets(target: ConnectTarget): ConnectSnippet[] {
  const { url, serverName } = mcpEndpoint(target);
  const key = target.key ?? KEY_PLACEHOLDER;
  const authorization = `Bearer ${key}`;
  const base = target.origin.replace(/\/+$/, "");
  const tool = target.exampleTool ?? "TOOL_NAME";
  const replace = target.key ? "" : ` Replace ${KEY_PLACEHOLDER} with a key of this persona (Settings → API keys).`;
  return [
    {
      id: "claude-code",
      label: "Claude Code",
      title: "Terminal",
      code: `claude mcp add --transport http ${serverName} ${url} \\\n  --header "Authorization: ${authorization}"`,
      hint: `Run it in your project; “claude mcp list” then shows ${serverName}.${replace}`,
    },
    {
      id: "cursor",
      label: "Cursor",
      title: ".cursor/mcp.json",
      code: json({ mcpServers: { [serverName]: { url, headers: { Authorization: authorization } } } }),
      hint: `Add it to the project's .cursor/mcp.json (or ~/.cursor/mcp.json for every project).${replace}`,
    },
    {
      id: "vscode",
      label: "VS Code",
      title: ".vscode/mcp.json",
      code: json({ servers: { [serverName]: { type: "http", url, headers: { Authorization: authorization } } } }),
      hint: `Add it to the workspace's .vscode/mcp.json; agent mode lists the tools.${replace}`,
    },
    {
      id: "openai",
      label: "OpenAI",
      title: "Responses API (JavaScript)",
      code: [
        `const response = await openai.responses.create({`,
        `  model: "gpt-5",`,
        `  tools: [{`,
        `    type: "mcp",`,
        `    server_label: ${JSON.stringify(serverName)},`,
        `    server_url: ${JSON.stringify(url)},`,
        `    headers: { Authorization: ${JSON.stringify(authorization)} },`,
        `    require_approval: "never",`,
        `  }],`,
        `  input: "…",`,
        `});`,
      ].join("\n"),
      hint: `OpenAI's servers call this URL themselves, so Quiver must be reachable from the internet over HTTPS. The OpenAI Agents SDK's hosted MCP tool takes the same fields.${replace}`,
    },
    {
      id: "curl",
      label: "curl",
      title: "Runtime API",
      code: [
        `# The persona's tools, as OpenAI function specifications`,
        `curl ${base}/api/v1/personas/${encodeURIComponent(target.personaSlug)}/tools?format=openai \\`,
        `  -H "Authorization: ${authorization}"`,
        ``,
        `# Call one`,
        `curl -X POST ${base}/api/v1/personas/${encodeURIComponent(target.personaSlug)}/tools/${encodeURIComponent(tool)}/call \\`,
        `  -H "Authorization: ${authorization}" \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '{"arguments": {}, "context": {}}'`,
      ].join("\n"),
      hint: `The runtime API without MCP: list the tools in a provider's format, call one with its arguments.${replace}`,
    },
  ];
}
