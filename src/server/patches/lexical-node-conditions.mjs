// Workaround: Lexical (the rich-text editor Payload's config loads) points Node's `import` at an entry
// that picks its development or production build with a top-level `await import()`. Node
// 20's module loader can stop for good on those entries: `import('payload')` followed by
// `import('@payloadcms/richtext-lexical')` stalled in 26 of 40 plain `node` runs here, the
// event loop then empty, so the process ends with status 13, or waits forever when a
// timer holds it open (a migrate run under tsx was caught so, its last modules loaded
// being Lexical's). Naming the build's export condition skips that entry: 0 stalls in 24
// runs. Any process that loads the Payload config outside Next (migrations, the e2e seed,
// the integration and unit tests) starts with it; Next bundles Lexical itself.
// Upstream: https://github.com/nodejs/node/issues/55468 (unsettled top-level await with a
// dynamic import in a cycle) and lexical/dist/Lexical.node.mjs (0.50). Remove when Lexical's
// Node entry has no top-level await: tests/unit/lexical-node-conditions.unit.spec.ts says when.

/** The condition Lexical's own entry would have picked for this NODE_ENV. */
export function lexicalCondition(nodeEnv) {
  return `--conditions=${nodeEnv === 'production' ? 'production' : 'development'}`
}

/** NODE_OPTIONS with the condition added, once. */
export function withLexicalCondition(nodeOptions, nodeEnv) {
  const options = (nodeOptions ?? '').split(/\s+/).filter(Boolean)
  const flag = lexicalCondition(nodeEnv)
  return (options.includes(flag) ? options : [...options, flag]).join(' ')
}
