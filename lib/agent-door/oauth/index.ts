/**
 * OAuth for MCP clients (issue 24), as the dashboard sees it: the consent page's request and the
 * Connected apps list. The authorization server itself is reached through the door's listener.
 */
export { loadConsentRequest, type ConsentRequestDTO, type PersonaOffer } from "./consent";
export { listConnectedApps, revokeConnectedAppsOf, type ConnectedAppDTO } from "./connected-apps";
