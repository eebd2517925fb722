// @ts-check
// Workaround: Payload shows a global's ⋮ menu whenever the global has drafts, but what the menu
// holds (Unpublish, and the items of the UnpublishButton slot) is rendered only for those who
// may save it. Staff who may not save the home page (admins only) got a menu that opens empty.
// Here the drafts reason counts only with save permission; localization's reason is untouched.
// Upstream: @payloadcms/ui 3.90.1 elements/DocumentControls `showDotMenu` (a kin of
// payloadcms/payload#16975, which asks the opposite for collections). Applied to the published
// client bundle while Next builds it (next.config.mjs), after payload-stale-form-state; it
// throws when that code is not there, so an upgrade fails the build until this is reviewed.

// DocumentControls' props, minified: `"doc-controls",Controls=props=>{let c=cache(5),{...,hasSavePermission:save,...}=props`
const CONTROLS =
  /"doc-controls",[\w$]+=([\w$]+)=>\{let [\w$]+=[\w$]+\(\d+\),\{[^{}]*?\bhasSavePermission:([\w$]+)[^{}]*\}=\1[,;]/g

// Its gate, minified: `show=!!(!disableActions&&(collection&&id&&(create||del)||global&&(drafts||localization)))`
const GATE =
  /([\w$]+=!!\(![\w$]+&&\([\w$]+&&[\w$]+&&\([\w$]+\|\|[\w$]+\)\|\|[\w$]+&&\()([\w$]+)(\|\|[\w$]+\)\)\))/g

// The gate comes a few statements after the props, in the same function.
const NEAR = 4000

/** @param {string} source @param {RegExp} pattern @param {string} what */
function once(source, pattern, what) {
  const found = [...source.matchAll(pattern)]
  if (found.length !== 1) {
    throw new Error(
      `payload-global-menu: ${what} is in @payloadcms/ui's client bundle ${found.length} times, not once`,
    )
  }
  return found[0]
}

/**
 * The bundle's source with a global's ⋮ menu shown for its drafts only to those who may save it.
 * @param {string} source
 */
export function menuOnlyWhenFilled(source) {
  const controls = once(source, CONTROLS, "DocumentControls' props")
  const gate = once(source, GATE, "DocumentControls' menu gate")
  const save = controls[2]
  // From the comma that ends the props, so a name declared right after them is seen.
  const start = (controls.index ?? 0) + controls[0].length - 1
  const between = source.slice(start, gate.index)
  // `save` must still name the prop where the gate reads it: nothing declared it again since.
  const name = save.replaceAll('$', '\\$')
  const redeclared = new RegExp(`[{,:]\\s*${name}=(?!=)|[{,]${name}[,}]`)
  if ((gate.index ?? 0) < start || between.length > NEAR || redeclared.test(between)) {
    throw new Error("payload-global-menu: DocumentControls' menu gate is not where its props are")
  }
  return source.replace(GATE, (_, head, drafts, tail) => `${head}${drafts}&&${save}${tail}`)
}

/**
 * The loader Next's bundler runs on that one file.
 * @param {string} source
 */
export default function loader(source) {
  return menuOnlyWhenFilled(source)
}
