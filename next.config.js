// @ts-check
import { fileURLToPath } from "node:url";
import { staticHeaderRules } from "./lib/security/headers.js";

/** @type {import("next").NextConfig} */
const nextConfig = {
  // A lockfile in a parent folder would otherwise make Next pick the wrong workspace root.
  turbopack: { root: fileURLToPath(new URL(".", import.meta.url)) },
  // Native and WebAssembly database drivers load at run time from node_modules, not bundled; so
  // does oidc-provider (a Koa application the door reaches, through /api/v1's route in `next dev`).
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "bcryptjs", "oidc-provider"],
  poweredByHeader: false,
  // `npm test` checks the types (tsc) just before it builds and says so: the build need not check
  // them a second time (43 s of a two-core machine). Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.QUIVER_TYPES_CHECKED === "1" },
  // An OpenAPI document pasted or uploaded for import is read by a server action; the importer
  // itself refuses more than 8 MiB of text, so the transport must carry a little more than that.
  experimental: { serverActions: { bodySizeLimit: "9mb" } },
  // Security headers on every response; pages get their nonce policy from proxy.ts. Evaluated at
  // build time (Next.js keeps the result in its routes manifest), so nothing here reads the
  // environment.
  headers: async () => staticHeaderRules(),
  // `next dev` only: the App Router does not route dot-folders, so the OAuth well-known documents
  // go to a route that hands them to the door's OAuth listener (npm start answers them before Next.js).
  rewrites: async () => [
    { source: "/.well-known/:document(oauth-authorization-server|openid-configuration)", destination: "/oauth-well-known/:document" },
    { source: "/.well-known/oauth-protected-resource/:path*", destination: "/oauth-well-known/oauth-protected-resource/:path*" },
  ],
};

export default nextConfig;
