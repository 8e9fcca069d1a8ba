import { describe, expect, it } from "vitest";
import { defaultRevisionPair } from "./revision-pair";

const newestFirst = (...versions: number[]) => versions.map((version) => ({ version }));

describe("defaultRevisionPair", () => {
  it.each([
    ["two revisions: the first change", newestFirst(2, 1), 2, { from: 1, to: 2 }],
    ["after restoring version 1 as version 3: what the restore changed", newestFirst(3, 2, 1), 3, { from: 2, to: 3 }],
    ["a long history: the latest change, never the first", newestFirst(9, 8, 7, 2, 1), 9, { from: 8, to: 9 }],
    ["a newer revision listed than the tool read: the tool's version and the one before", newestFirst(4, 3, 2), 3, { from: 2, to: 3 }],
    ["the tool's version not listed: the newest pair", newestFirst(4, 3), 5, { from: 3, to: 4 }],
    ["the tool's version the oldest listed: the oldest pair", newestFirst(4, 3, 2), 2, { from: 2, to: 3 }],
  ])("%s", (_, revisions, current, pair) => {
    expect(defaultRevisionPair(revisions, current)).toEqual(pair);
  });

  it("is null with nothing to compare", () => {
    expect(defaultRevisionPair(newestFirst(1), 1)).toBeNull();
    expect(defaultRevisionPair([], 1)).toBeNull();
  });
});
