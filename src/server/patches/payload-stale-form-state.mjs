// @ts-check
// Workaround: a quarter second after a change Payload's form asks the server about itself (a
// form-state request, unvalidated until the first save) and merges the answer, which marks
// every field it names valid. A save clicked while that request is under way is often answered
// first, and its messages ('Title, before image, and after image are required') then vanish
// under the older answer. Here an unvalidated answer keeps a field invalid when it became so
// after the question was asked.
// Upstream: @payloadcms/ui 3.90.1 forms/Form executeOnChange, no issue filed. Applied to the
// published client bundle while Next builds it (next.config.mjs); it throws when that code is
// not there, so an upgrade fails the build until this is reviewed.

/** The bundle the rule applies to, as a path relative to the project. */
export const CLIENT_BUNDLE = /node_modules\/@payloadcms\/ui\/dist\/exports\/client\/index\.js$/

// The form's onChange task, minified:
// `answer=await change({formState:copy(asked,{excludeFiles:!0}),submitted:submitted});dispatch({type:"MERGE_SERVER_STATE",prevStateRef:prev,serverState:answer})`
const MERGE =
  /(([\w$]+)=await [\w$]+\(\{formState:[\w$]+\(([\w$]+),\{excludeFiles:!0\}\),submitted:([\w$]+)\}\);)([\w$]+\(\{type:"MERGE_SERVER_STATE",prevStateRef:[\w$]+,serverState:\2\}\))/g

/** @param {string} source @param {RegExp} pattern @param {string} what */
function once(source, pattern, what) {
  const found = [...source.matchAll(pattern)]
  if (found.length !== 1) {
    throw new Error(
      `payload-stale-form-state: ${what} is in @payloadcms/ui's client bundle ${found.length} times, not once`,
    )
  }
  return found[0]
}

/**
 * The bundle's source with the form keeping, against an unvalidated answer, the invalid marks
 * its fields got after the question.
 * @param {string} source
 */
export function keepNewerErrors(source) {
  const [, , answer, state, submitted] = once(source, MERGE, "the form's onChange merge")
  // The form's ref to its own context, which holds its fields as last rendered.
  const fields = new RegExp(`([\\w$]+)\\.current\\.fields=${state.replaceAll('$', '\\$')}(?![\\w$])`, 'g')
  const [, form] = once(source, fields, "the form's fields")
  const keep =
    `if(!${submitted}&&${answer})for(let __path in ${answer})` +
    `${form}.current.fields[__path]?.valid===!1&&${state}[__path]?.valid!==!1&&` +
    `(${answer}[__path]={...${answer}[__path],valid:!1});`
  return source.replace(
    MERGE,
    (_, question, _answer, _state, _submitted, merge) => `${question}${keep}${merge}`,
  )
}

/**
 * The loader Next's bundler runs on that one file.
 * @param {string} source
 */
export default function loader(source) {
  return keepNewerErrors(source)
}
