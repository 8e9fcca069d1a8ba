import { fileURLToPath } from "node:url";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A lockfile in a parent folder would otherwise make Next pick the wrong workspace root.
  turbopack: { root: fileURLToPath(new URL(".", import.meta.url)) },
  // Native and WebAssembly database drivers load at run time from node_modules, not bundled.
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg", "pg", "bcryptjs"],
  poweredByHeader: false,
};

export default nextConfig;
