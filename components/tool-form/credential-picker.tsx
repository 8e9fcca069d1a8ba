"use client";

import Link from "next/link";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { canonicalHost, hostAdmitted } from "@/lib/credentials/hosts";
import type { CredentialChoice } from "./credential-choices";
import { controlId } from "./field-issues";

interface CredentialPickerProps {
  /** The chosen credential's name; "" for none. */
  readonly value: string;
  readonly onChange: (name: string) => void;
  readonly choices: readonly CredentialChoice[];
  /** The tool's URL as typed: only credentials admitting its host are offered. */
  readonly url: string;
  /** The validator's or the server's message at `auth.credential`. */
  readonly error?: string;
  readonly readOnly: boolean;
}

/** The host of `url`, or null while it is not an absolute URL yet. */
function hostOf(url: string): string | null {
  try {
    return canonicalHost(new URL(url).hostname);
  } catch {
    return null;
  }
}

/**
 * The shared credential the tool's requests carry. Only credentials whose hosts admit the URL's
 * host are offered (the same hostAdmitted the server checks on save); a chosen one that no longer
 * admits it — the URL changed — stays shown, marked, with the reason next to it.
 */
export function CredentialPicker({ value, onChange, choices, url, error, readOnly }: CredentialPickerProps) {
  const id = controlId("auth.credential");
  const host = hostOf(url);
  const admitted = host === null ? [] : choices.filter((choice) => hostAdmitted(choice.hosts, host));
  const chosen = choices.find((choice) => choice.name === value);
  const chosenRefused = value !== "" && !admitted.some((choice) => choice.name === value);
  const refusal =
    chosenRefused && chosen && host !== null
      ? `${value} is not sent to ${host}: choose another credential, or add the host to ${value} on the Credentials page.`
      : chosenRefused && !chosen && !readOnly
        ? `There is no credential named ${value}: choose one, or create it on the Credentials page.`
        : undefined;
  const hint = readOnly ? undefined : (
    <>
      {host === null
        ? "Enter the URL first: only credentials that may be sent to its host are offered. "
        : admitted.length === 0
          ? `No credential may be sent to ${host}. `
          : `Credentials that may be sent to ${host}. `}
      <Link href="/credentials" className="text-accent-foreground underline underline-offset-2">
        Manage credentials
      </Link>
    </>
  );

  return (
    <Field id={id} label="Credential" error={error ?? refusal} hint={hint}>
      <Select id={id} value={value} disabled={readOnly} error={error ?? refusal} aria-describedby={error ?? refusal ? `${id}-error` : hint ? `${id}-hint` : undefined} onChange={(event) => onChange(event.target.value)}>
        <option value="">None</option>
        {admitted.map((choice) => (
          <option key={choice.name} value={choice.name}>
            {choice.name} — {choice.placement}
          </option>
        ))}
        {chosenRefused && <option value={value}>{readOnly || !chosen ? value : `${value} (not sent to ${host ?? "this URL"})`}</option>}
      </Select>
    </Field>
  );
}
