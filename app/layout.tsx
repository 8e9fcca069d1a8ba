import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { Providers } from "@/components/shell/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Quiver", template: "%s · Quiver" },
  description: "The operator console for the tools your AI agents call.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbfbfd" },
    { media: "(prefers-color-scheme: dark)", color: "#15161b" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // proxy.ts sets a fresh nonce per request; reading it renders every page per request, which a
  // nonce policy needs (a page built ahead of time would carry no nonce and its scripts would not run).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // next-themes sets the theme class before React hydrates, so the attribute may differ.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh font-sans">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
