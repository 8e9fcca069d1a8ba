"use client";

/** Last-resort error page (the root layout itself failed): no details, a way back. */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", padding: "4rem", textAlign: "center" }}>
        <h1>Something went wrong</h1>
        <p>Quiver could not show this page. Reference: {error.digest ?? "unavailable"}</p>
        <a href="/tools">Back to tools</a>
      </body>
    </html>
  );
}
