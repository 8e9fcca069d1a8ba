"use client";

import { signOut } from "next-auth/react";
import { Button } from "@/components/ui/button";

/** Signs out of this session and goes to sign-in; the focused password view has no operator menu to do it from. */
export function SignOutButton() {
  return (
    <Button variant="secondary" onClick={() => signOut({ callbackUrl: "/login" })}>
      Sign out
    </Button>
  );
}
