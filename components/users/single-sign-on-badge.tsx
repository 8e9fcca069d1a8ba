import { Badge } from "@/components/ui/badge";

/** The host of an identity provider's issuer (what an operator recognises), or the issuer itself when it is not a URL. */
export function issuerHost(issuer: string): string {
  return URL.canParse(issuer) ? new URL(issuer).host : issuer;
}

/** "SSO": the operator is linked to single sign-on; the identity provider's host in its tooltip and for screen readers. */
export function SingleSignOnBadge({ issuer }: { issuer: string }) {
  const host = issuerHost(issuer);
  return (
    <Badge tone="info" title={`Linked to single sign-on at ${host}`}>
      SSO<span className="sr-only"> at {host}</span>
    </Badge>
  );
}
