/** `node --import ./scripts/server-only-loader.mjs …`: registers server-only-hooks.mjs (see there). */
import { register } from "node:module";

register("./server-only-hooks.mjs", import.meta.url);
