import Link from "next/link";
import type { ReactNode } from "react";

interface Props {
  readonly name: string;
  readonly description: string;
  readonly kind: ReactNode;
  readonly grouping: ReactNode;
  readonly version: ReactNode;
}

/** One row of the tool list, the same for data-defined and code tools. */
export function ToolRow({ name, description, kind, grouping, version }: Props) {
  return (
    <tr>
      <td className="px-4 py-3">
        <Link href={`/tools/${name}`} className="font-mono font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          {name}
        </Link>
        <p className="mt-0.5 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{description}</p>
      </td>
      <td className="px-4 py-3">
        <span className="flex flex-wrap gap-1">{kind}</span>
      </td>
      <td className="px-4 py-3">
        <span className="flex flex-wrap gap-1 text-xs text-zinc-500">{grouping}</span>
      </td>
      <td className="px-4 py-3 text-xs text-zinc-600 dark:text-zinc-400">{version}</td>
    </tr>
  );
}
