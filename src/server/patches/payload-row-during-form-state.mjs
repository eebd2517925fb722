// @ts-check
// Workaround: a row added to an array while the form's form-state request is under way stays a
// grey placeholder for good. Its fields come only from the next form-state answer, but merging
// the pending answer records the merged form (new row included) as "already asked", so the
// debounced onChange sees nothing new and never asks again. The owner typing a dealership's name
// and tapping "Add Price List" within a quarter second got it so, as did a CI run.
// Here the merge of an onChange answer records the merged form as asked only when the form is
// still the one that was asked about; otherwise the form asks once more about what changed.
// Upstream: @payloadcms/ui 3.90.1 forms/Form/fieldReducer MERGE_SERVER_STATE
// (`prevStateRef.current = newState`), no issue filed. Applied to the published client bundle
// while Next builds it (next.config.mjs); it throws when that code is not there, so an upgrade
// fails the build until this is reviewed.

// The reducer's merge, minified (the form's debounced onChange set `prev.current` to the form it
// asked about; a save's merge carries acceptValues):
// `case"MERGE_SERVER_STATE":{let{acceptValues:accept,prevStateRef:prev,serverState:answer}=action,merged=merge({acceptValues:accept,currentState:state||{},incomingState:answer});return prev.current=merged,merged}`
const MERGE =
  /(case"MERGE_SERVER_STATE":\{let\{acceptValues:([\w$]+),prevStateRef:([\w$]+),serverState:[\w$]+\}=[\w$]+,([\w$]+)=[\w$]+\(\{acceptValues:\2,currentState:([\w$]+)\|\|\{\},incomingState:[\w$]+\}\);return )\3\.current=\4,\4\}/g

/** @param {string} source @param {RegExp} pattern @param {string} what */
function once(source, pattern, what) {
  const found = [...source.matchAll(pattern)]
  if (found.length !== 1) {
    throw new Error(
      `payload-row-during-form-state: ${what} is in @payloadcms/ui's client bundle ${found.length} times, not once`,
    )
  }
  return found[0]
}

/**
 * The bundle's source with the form asking again about changes made while it waited for an answer.
 * @param {string} source
 */
export function askAgainAfterChanges(source) {
  once(source, MERGE, "the form reducer's merge")
  return source.replace(
    MERGE,
    (_, head, accept, prev, merged, state) =>
      `${head}${prev}.current=${accept}||${state}===${prev}.current?${merged}:${prev}.current,${merged}}`,
  )
}

/**
 * The loader Next's bundler runs on that one file.
 * @param {string} source
 */
export default function loader(source) {
  return askAgainAfterChanges(source)
}
