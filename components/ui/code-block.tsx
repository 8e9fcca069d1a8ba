import { cn } from "./cn";
import { CopyButton } from "./copy-button";

interface CodeBlockProps {
  readonly title: string;
  /** The text shown. Secrets must already be masked: what is shown is what is copied. */
  readonly code: string;
  readonly className?: string;
  /** Caps the height; longer code scrolls inside the block. */
  readonly maxHeightClass?: string;
}

/**
 * Code or JSON with a title bar, line numbers and a copy button. Long lines scroll inside the
 * block, never the page.
 */
export function CodeBlock({ title, code, className, maxHeightClass = "max-h-[32rem]" }: CodeBlockProps) {
  const lines = code.split("\n");
  return (
    <figure className={cn("min-w-0 overflow-hidden rounded-lg border bg-muted/60", className)}>
      <figcaption className="flex items-center justify-between gap-2 border-b bg-surface px-3 py-1">
        <span className="truncate text-xs font-medium text-muted-foreground">{title}</span>
        <CopyButton value={code} label={`Copy`} />
      </figcaption>
      <pre tabIndex={0} aria-label={title} className={cn("overflow-auto py-2 font-mono text-xs leading-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", maxHeightClass)}>
        <code className="grid min-w-max grid-cols-[auto_1fr]">
          {lines.map((line, index) => (
            <span key={index} className="contents">
              <span aria-hidden className="select-none px-3 text-right text-muted-foreground tabular-nums">
                {index + 1}
              </span>
              <span className="pr-4 whitespace-pre">{line || " "}</span>
            </span>
          ))}
        </code>
      </pre>
    </figure>
  );
}
