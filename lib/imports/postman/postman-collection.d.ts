// The library ships its type definitions without naming them in its package.json: include them.
/// <reference path="../../../node_modules/postman-collection/types/index.d.ts" />
