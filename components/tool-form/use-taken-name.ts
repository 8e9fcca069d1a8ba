"use client";

import { useEffect, useState } from "react";
import { toolNameTakenAction } from "@/lib/catalog/actions";

const SETTLE_MS = 300;

/**
 * The name typed, once it is known to belong to another tool (null while free, unchecked or the
 * tool's own stored name): the editor marks the field and links that tool before any save.
 */
export function useTakenName(name: string, storedName: string | null, enabled: boolean): string | null {
  const wanted = name.trim();
  const [taken, setTaken] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || wanted === "" || wanted === storedName) return;
    let current = true;
    const timer = setTimeout(async () => {
      const result = await toolNameTakenAction(wanted);
      if (current && result.ok && result.data) setTaken(wanted);
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted, storedName, enabled]);
  return taken !== null && taken === wanted && taken !== storedName ? taken : null;
}

/** The issue a taken name is, worded as the server words it when it refuses the save. */
export function takenNameIssue(name: string): { path: string; message: string } {
  return { path: "name", message: `another tool is already named ${name}; choose another name` };
}
