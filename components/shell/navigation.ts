import { FlaskConical, History, Settings, UsersRound, Wrench, type LucideIcon } from "lucide-react";

export interface NavItem {
  readonly href: string;
  readonly label: string;
  readonly icon: LucideIcon;
  /** Other words the command palette matches. */
  readonly keywords?: string;
}

export interface NavGroup {
  readonly label: string;
  readonly items: readonly NavItem[];
}

/**
 * The one navigation list: the sidebar, the phone sheet and the command palette all read it.
 * Entries appear here as their pages exist (Credentials, Playground, Usage come with their issues).
 */
export const NAVIGATION: readonly NavGroup[] = [
  {
    label: "Build",
    items: [
      { href: "/tools", label: "Tools", icon: Wrench, keywords: "http data code" },
      { href: "/personas", label: "Personas", icon: UsersRound, keywords: "agents grants" },
      { href: "/playground", label: "Playground", icon: FlaskConical, keywords: "test fire dry run cases" },
    ],
  },
  {
    label: "Operate",
    items: [
      { href: "/audit", label: "Audit", icon: History, keywords: "changes log history" },
      { href: "/settings", label: "Settings", icon: Settings, keywords: "operators configuration users" },
    ],
  },
];

/** Whether `href` is the section the operator is in. */
export function isCurrentSection(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The cookie that remembers whether the sidebar is a rail, so the server renders it right. */
export const SIDEBAR_COOKIE = "quiver_sidebar";
