/**
 * Support for tests and benchmarks outside `lib/tools`: reference definition documents, a loopback
 * upstream server, and the executor's stages the benchmark times one by one. Not product API —
 * the app imports `lib/tools` (index.ts) only.
 */
export { documentWith, documentWithRequest, referenceDocument } from "./definition/test-support/definition-fixtures";
export {
  reply,
  startUpstream,
  type RecordedRequest,
  type Upstream,
  type UpstreamHandler,
} from "./execution/test-support/upstream-server";
export { createMockUpstream, MOCK_TOKEN_PREFIX, type MockUpstream, type MockUpstreamRecord } from "./execution/test-support/mock-upstream";
export { extractResult, injectSecrets, lazyJson, redactJsonValue, redactorFor } from "./execution";
export { LABELLED_REQUESTS, searchCorpusTools } from "./search/test-support/search-corpus";
