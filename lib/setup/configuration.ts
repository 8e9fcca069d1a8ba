import "server-only";
/**
 * Configuration read once per process from the environment. Start-up validates it (see
 * startup.ts), so a bad value stops the server with the variable's name instead of breaking
 * pages one request at a time.
 */
import { checkSignInSettings, oidcProviderFromEnv } from "../operators";
import { executionConfigFromEnv, type ExecutionConfig } from "../tools";
import { allowedHostnamesFromEnv, publicOriginFromEnv, rateLimitFromEnv, retentionDaysFromEnv, searchModeThresholdFromEnv } from "../agent-door";
import { trustedProxiesFromEnv } from "../security/client-address";
import { metricsTokenFromEnv } from "../observability/metrics-token";
import { tracingSettingsFromEnv } from "../observability/tracing-setup";

let executionConfig: ExecutionConfig | null = null;

/** Timeouts, body cap, redirect limit and destination allowlist (QUIVER_TOOL_*, QUIVER_MAX_*, QUIVER_DESTINATION_*). */
export function getExecutionConfig(): ExecutionConfig {
  executionConfig ??= executionConfigFromEnv(process.env);
  return executionConfig;
}

/** Quiver's public origin, as operators and agents reach it (`NEXTAUTH_URL`'s). */
export function publicOrigin(): string {
  return publicOriginFromEnv(process.env);
}

/** The label of the single sign-on button, or null when single sign-on is not configured. */
export function singleSignOnLabel(): string | null {
  return oidcProviderFromEnv(process.env)?.name ?? null;
}

/** Throws a ValidationError naming every misconfigured variable. */
export function validateConfiguration(): void {
  checkSignInSettings(process.env);
  getExecutionConfig();
  oidcProviderFromEnv(process.env);
  rateLimitFromEnv(process.env);
  allowedHostnamesFromEnv(process.env);
  retentionDaysFromEnv(process.env);
  searchModeThresholdFromEnv(process.env);
  trustedProxiesFromEnv(process.env);
  metricsTokenFromEnv(process.env);
  tracingSettingsFromEnv(process.env);
}
