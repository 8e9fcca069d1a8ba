import { ChevronDown, Search, X } from "lucide-react";
import Link from "next/link";
import { buttonVariants } from "./button";
import { cn } from "./cn";
import { controlClasses } from "./field";
import { EscapeToNavigate } from "./escape-to-navigate";
import { Menu, type MenuItem } from "./menu";
import { filterChips, hrefWith, type FilterValues } from "./url-filters";

/** A facet's value as the URL carries it, the words the menu shows for it, and its heading there. */
export interface FacetOption {
  readonly value: string;
  readonly label: string;
  /** Consecutive options with the same group sit under one heading. */
  readonly group?: string;
}

export interface Facet {
  /** The query parameter. */
  readonly param: string;
  readonly label: string;
  /** Plain values are shown as they are. */
  readonly options: readonly (string | FacetOption)[];
}

const asOption = (option: string | FacetOption): FacetOption => (typeof option === "string" ? { value: option, label: option } : option);

/** A facet's menu: "Any …", then its options as links, grouped under headings where they have one. */
function facetMenuItems(facet: Facet, basePath: string, values: FilterValues): MenuItem[] {
  const items: MenuItem[] = [{ kind: "link", label: `Any ${facet.label.toLowerCase()}`, href: hrefWith(basePath, values, { [facet.param]: undefined }) }];
  let group: { kind: "group"; label: string; items: MenuItem[] } | undefined;
  for (const option of facet.options.map(asOption)) {
    const link: MenuItem = { kind: "link", label: option.label, href: hrefWith(basePath, values, { [facet.param]: option.value }) };
    if (option.group === undefined) {
      group = undefined;
      items.push(link);
    } else if (group?.label === option.group) {
      group.items.push(link);
    } else {
      group = { kind: "group", label: option.group, items: [link] };
      items.push(group);
    }
  }
  return items;
}

/** The words a facet's chosen value shows in its chip and on its button. */
function shownValue(facets: readonly Facet[], param: string, value: string): string {
  const option = facets.find((facet) => facet.param === param)?.options.map(asOption).find((candidate) => candidate.value === value);
  return option?.label ?? value;
}

interface FilterBarProps {
  readonly basePath: string;
  readonly values: FilterValues;
  /** The free-text parameter and what it searches. */
  readonly search: { param: string; label: string; placeholder: string };
  readonly facets: readonly Facet[];
  /** Further free-text filters (e.g. actor e-mail), each its own input. */
  readonly textFilters?: readonly { param: string; label: string; placeholder: string }[];
}

/**
 * A list's filters, all kept in the URL (bookmarkable, works without JavaScript): search on
 * Enter, facets as menus of links, the active filters as removable chips, and "Clear filters"
 * (also on Esc).
 */
export function FilterBar({ basePath, values, search, facets, textFilters = [] }: FilterBarProps) {
  const labels = Object.fromEntries([search, ...textFilters, ...facets].map((filter) => [filter.param, filter.label]));
  const chips = filterChips(basePath, values, labels, (param, value) => shownValue(facets, param, value));
  const textParams = new Set([search.param, ...textFilters.map((filter) => filter.param)]);
  const kept = Object.entries(values).filter(([param, value]) => value && param !== "page" && !textParams.has(param));

  return (
    <div className="mb-4 grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <form method="get" action={basePath} role="search" aria-label={`Filter ${search.label.toLowerCase()}`} className="flex min-w-0 flex-1 flex-wrap gap-2 max-sm:basis-full">
          {[search, ...textFilters].map((filter, index) => (
            <div key={filter.param} className={cn("relative min-w-0", index === 0 ? "flex-1 basis-56 sm:max-w-xs" : "basis-48 max-sm:grow")}>
              <label htmlFor={`filter-${filter.param}`} className="sr-only">
                {filter.label}
              </label>
              {index === 0 && <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />}
              <input
                id={`filter-${filter.param}`}
                name={filter.param}
                type="search"
                defaultValue={values[filter.param] ?? ""}
                placeholder={filter.placeholder}
                className={cn(controlClasses, "h-11 sm:h-9", index === 0 && "pl-9")}
              />
            </div>
          ))}
          {kept.map(([param, value]) => (
            <input key={param} type="hidden" name={param} value={value} />
          ))}
          <button type="submit" className="sr-only">
            Search
          </button>
        </form>
        {facets.map((facet) => {
          const chosen = values[facet.param];
          return (
            <Menu
              key={facet.param}
              align="start"
              items={facetMenuItems(facet, basePath, values)}
              trigger={
                <button type="button" className={buttonVariants({ variant: "secondary" })}>
                  {facet.label}
                  {chosen && <span className="sr-only">: {shownValue(facets, facet.param, chosen)}</span>}
                  <ChevronDown aria-hidden />
                </button>
              }
            />
          );
        })}
      </div>
      {chips.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" aria-label="Active filters" role="group">
          {chips.map((chip) => (
            <Link
              key={chip.param}
              href={chip.removeHref}
              className="inline-flex min-h-8 items-center gap-1 rounded-full border bg-accent px-2.5 text-xs font-medium text-accent-foreground hover:bg-accent/70"
            >
              {chip.label}
              <X aria-hidden className="size-3" />
              <span className="sr-only">(remove filter)</span>
            </Link>
          ))}
          <Link href={basePath} className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "text-xs")}>
            Clear filters
          </Link>
          <EscapeToNavigate href={basePath} />
        </div>
      )}
    </div>
  );
}
