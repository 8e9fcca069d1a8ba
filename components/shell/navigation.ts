import { Activity, FlaskConical, History, House, KeyRound, LockKeyhole, PlugZap, Settings, UsersRound, Wrench, type LucideIcon } from "lucide-react";
import { hasRole, isRole, type Role } from "@/lib/operators/roles";

export interface NavItem {
  readonly href: string;
  readonly label: string;
  readonly icon: LucideIcon;
  /** Other words the command palette matches. */
  readonly keywords?: string;
  /** The least role that sees the entry (the page itself refuses others too); everyone when absent. */
  readonly role?: Role;
}

export interface NavGroup {
  readonly label: string;
  readonly items: readonly NavItem[];
}

/**
 * The one navigation list: the sidebar, the phone sheet and the command palette all read it.
 */
export const NAVIGATION: readonly NavGroup[] = [
  {
    label: "Build",
    items: [
      { href: "/", label: "Overview", icon: House, keywords: "home dashboard today" },
      { href: "/tools", label: "Tools", icon: Wrench, keywords: "http data code" },
      { href: "/personas", label: "Personas", icon: UsersRound, keywords: "agents grants" },
      { href: "/playground", label: "Playground", icon: FlaskConical, keywords: "test fire dry run cases" },
      { href: "/credentials", label: "Credentials", icon: LockKeyhole, keywords: "secrets vendor api key oauth2 token basic hosts" },
    ],
  },
  {
    label: "Operate",
    items: [
      { href: "/usage", label: "Usage", icon: Activity, keywords: "calls errors latency agents call log" },
      { href: "/audit", label: "Audit", icon: History, keywords: "changes log history" },
      { href: "/settings/api-keys", label: "API keys", icon: KeyRound, keywords: "tokens agents runtime mcp bearer", role: "admin" },
      { href: "/settings/connected-apps", label: "Connected apps", icon: PlugZap, keywords: "oauth mcp clients claude chatgpt connectors approved revoke", role: "admin" },
      { href: "/settings", label: "Settings", icon: Settings, keywords: "operators configuration users" },
    ],
  },
];

/** The navigation an operator holding `role` sees: entries above their role left out. */
export function visibleNavigation(role: string): NavGroup[] {
  const allowed = (item: NavItem) => !item.role || (isRole(role) && hasRole(role, item.role));
  return NAVIGATION.map((group) => ({ ...group, items: group.items.filter(allowed) })).filter((group) => group.items.length > 0);
}

/** Whether `href` is the section the operator is in. */
export function isCurrentSection(pathname: string, href: string): boolean {
  const within = (section: string) => pathname === section || pathname.startsWith(`${section}/`);
  // A section nested in another (API keys, Connected apps inside Settings) is current instead of its parent, not as well.
  const nested = NAVIGATION.flatMap((group) => group.items).some((item) => item.href.startsWith(`${href}/`) && within(item.href));
  return within(href) && !nested;
}

/** The cookie that remembers whether the sidebar is a rail, so the server renders it right. */
export const SIDEBAR_COOKIE = "quiver_sidebar";
