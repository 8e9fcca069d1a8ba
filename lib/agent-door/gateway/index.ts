/** The agents' door served alone (`npm run gateway`); the handler itself is in the domain's entry. */
export { DRAIN_TIMEOUT_MS, startGateway, type Gateway } from "./node-server";
export { gatewayAddressFromEnv } from "./gateway-settings";
