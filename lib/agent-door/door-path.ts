/** Where the agents' door is mounted: the runtime API, the MCP endpoints and the OpenAPI document are under it. */
export const DOOR_PATH_PREFIX = "/api/v1";
