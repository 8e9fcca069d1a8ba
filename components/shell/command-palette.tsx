"use client";

import { Command } from "cmdk";
import { Code2, CornerDownLeft, KeyRound, LockKeyhole, LogOut, Plus, Upload, UserPlus, UsersRound, Wrench } from "lucide-react";
import { signOut } from "next-auth/react";
import { useTheme } from "next-themes";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { searchConsoleAction } from "@/lib/catalog/actions";
import { CREATE_KEY_LINK } from "@/components/api-keys/create-key-link";
import { editCredentialDialog } from "@/components/credentials/credential-actions";
import { NEW_CREDENTIAL_DIALOG } from "@/components/credentials/new-credential-button";
import { overlayClasses } from "@/components/ui/dialog";
import { openingLink } from "@/components/ui/opening-link";
import { hasRole, isRole } from "@/lib/operators/roles";
import type { ConsoleSearchResults } from "@/lib/catalog/console-search";
import { visibleNavigation } from "./navigation";
import { useGuardedNavigation } from "./leave-guard";
import { THEMES } from "./operator-menu";

interface PaletteCommand {
  readonly id: string;
  readonly label: string;
  readonly keywords: string;
  readonly icon: ReactNode;
  readonly run: () => void;
}

const NO_RESULTS: ConsoleSearchResults = { tools: [], personas: [], credentials: [] };

function matches(command: PaletteCommand, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${command.label} ${command.keywords}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** ⌘K / Ctrl+K: jump to any page, tool, persona or credential by name, or start what the role allows (New tool, Create API key, …). */
export function CommandPalette({ open, onOpenChange, role }: { open: boolean; onOpenChange: (open: boolean) => void; role: string }) {
  const navigate = useGuardedNavigation();
  const { setTheme } = useTheme();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<ConsoleSearchResults>(NO_RESULTS);
  // Opened by a shortcut, the palette has no trigger for Radix to return focus to: remember where it was.
  const focusBeforeOpening = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(async () => {
      const result = await searchConsoleAction(query);
      if (current) setResults(result.ok ? result.data : NO_RESULTS);
    }, 120);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, query]);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setQuery("");
  };
  const go = (href: string) => () => {
    close(false);
    navigate(href);
  };

  const pages: PaletteCommand[] = [
    ...visibleNavigation(role).flatMap((group) => group.items).map(({ href, label, icon: Icon, keywords }) => ({
      id: `page:${href}`,
      label,
      keywords: keywords ?? "",
      icon: <Icon aria-hidden />,
      run: go(href),
    })),
    { id: "page:/settings/users", label: "Operators", keywords: "users people roles settings", icon: <UsersRound aria-hidden />, run: go("/settings/users") },
  ];
  const mayEdit = isRole(role) && hasRole(role, "editor");
  const creating: PaletteCommand[] = [
    ...(mayEdit
      ? [
          { id: "action:new-tool", label: "New tool", keywords: "create add http request", icon: <Plus aria-hidden />, run: go("/tools/new-tool") },
          { id: "action:import-tools", label: "Import tools", keywords: "openapi swagger curl json upload", icon: <Upload aria-hidden />, run: go("/tools/import-tools") },
          { id: "action:new-credential", label: "New credential", keywords: "create secret api key oauth2 basic", icon: <LockKeyhole aria-hidden />, run: go(openingLink("/credentials", NEW_CREDENTIAL_DIALOG)) },
        ]
      : []),
    ...(role === "admin"
      ? [
          { id: "action:create-key", label: "Create API key", keywords: "new token agent mcp connect", icon: <KeyRound aria-hidden />, run: go(CREATE_KEY_LINK) },
          { id: "action:add-operator", label: "Add an operator", keywords: "user invite new", icon: <UserPlus aria-hidden />, run: go("/settings/users#add-operator") },
        ]
      : []),
  ];
  const actions: PaletteCommand[] = [
    ...creating,
    ...THEMES.map(({ value, label, icon: Icon }) => ({
      id: `action:theme-${value}`,
      label: `Theme: ${label}`,
      keywords: "appearance dark light mode colour",
      icon: <Icon aria-hidden />,
      run: () => {
        setTheme(value);
        close(false);
      },
    })),
    { id: "action:sign-out", label: "Sign out", keywords: "log out leave", icon: <LogOut aria-hidden />, run: () => signOut({ callbackUrl: "/login" }) },
  ];

  return (
    <DialogPrimitive.Root open={open} onOpenChange={close}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          onOpenAutoFocus={() => {
            focusBeforeOpening.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const previous = focusBeforeOpening.current;
            if (!previous?.isConnected) return;
            event.preventDefault();
            previous.focus();
          }}
          className="fixed top-4 left-1/2 z-50 w-[calc(100%-1rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg border bg-surface-raised shadow-2xl outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0 sm:top-[15vh]"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">Type to find a page, tool, persona or credential, or an action such as New tool, then press Enter.</DialogPrimitive.Description>
          <Command shouldFilter={false} label="Command palette" loop>
            <Command.Input
              value={query}
              onValueChange={setQuery}
              placeholder="Search tools, personas, credentials, actions…"
              className="h-12 w-full border-b bg-transparent px-4 text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            />
            <Command.List className="max-h-[min(60dvh,24rem)] overflow-y-auto p-1.5">
              <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">Nothing matches “{query}”.</Command.Empty>
              <PaletteGroup heading="Pages" commands={pages.filter((command) => matches(command, query))} />
              <PaletteGroup
                heading="Tools"
                commands={results.tools.map((tool) => ({
                  id: `tool:${tool.name}`,
                  label: tool.name,
                  keywords: tool.description,
                  icon: tool.kind === "code" ? <Code2 aria-hidden /> : <Wrench aria-hidden />,
                  run: go(`/tools/${tool.name}`),
                }))}
              />
              <PaletteGroup
                heading="Personas"
                commands={results.personas.map((persona) => ({
                  id: `persona:${persona.slug}`,
                  label: persona.name,
                  keywords: persona.slug,
                  icon: <UsersRound aria-hidden />,
                  run: go(`/personas/${persona.slug}`),
                }))}
              />
              <PaletteGroup
                heading="Credentials"
                commands={results.credentials.map((credential) => ({
                  id: `credential:${credential.name}`,
                  label: credential.name,
                  keywords: credential.kind,
                  icon: <LockKeyhole aria-hidden />,
                  run: go(mayEdit ? openingLink("/credentials", editCredentialDialog(credential.name)) : "/credentials"),
                }))}
              />
              <PaletteGroup heading="Actions" commands={actions.filter((command) => matches(command, query))} />
            </Command.List>
            <div className="flex items-center gap-3 border-t px-3 py-2 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <CornerDownLeft aria-hidden className="size-3" /> to open
              </span>
              <span>↑↓ to move</span>
              <span>Esc to close</span>
            </div>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PaletteGroup({ heading, commands }: { heading: string; commands: readonly PaletteCommand[] }) {
  if (commands.length === 0) return null;
  return (
    <Command.Group
      heading={heading}
      className="mb-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
    >
      {commands.map((command) => (
        <Command.Item
          key={command.id}
          value={command.id}
          onSelect={command.run}
          className="flex min-h-11 cursor-default items-center gap-2.5 rounded-md px-2 text-sm outline-none data-[selected=true]:bg-muted sm:min-h-9 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground"
        >
          {command.icon}
          <span className="truncate">{command.label}</span>
          {command.keywords && heading === "Tools" && <span className="ml-auto hidden max-w-[50%] truncate text-xs text-muted-foreground sm:inline">{command.keywords}</span>}
        </Command.Item>
      ))}
    </Command.Group>
  );
}
