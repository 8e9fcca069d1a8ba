/** Runs once when the server starts; the checks need Node.js, so they load only there. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { verifyConfigurationBeforeServing } = await import("./lib/setup");
    await verifyConfigurationBeforeServing();
  }
}
