import { BANNER_DISMISSED_PREFIX } from '@/lib/promotions'

// Runs while <head> is parsed, before anything is painted: lists the promotions this
// browser dismissed on <html>, where the banner's own style rule hides it. No flash of a
// dismissed banner and no layout shift once the page is interactive.
const SCRIPT = `(function(){try{var p=${JSON.stringify(BANNER_DISMISSED_PREFIX)},s=localStorage,ids=[];for(var i=0;i<s.length;i++){var k=s.key(i);if(k&&k.indexOf(p)===0&&s.getItem(k))ids.push(k.slice(p.length))}if(ids.length)document.documentElement.setAttribute("data-dismissed-promos",ids.join(" "))}catch(e){}})()`

export function DismissedPromosScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />
}
