/** The agents' door served alone (`npm run gateway`); the handler itself is in the domain's entry. */
export { DRAIN_TIMEOUT_MS, isDoorPath, startGateway, type DoorServerOptions, type Gateway } from "./node-server";
export { gatewayAddressFromEnv, portProblem } from "./gateway-settings";
