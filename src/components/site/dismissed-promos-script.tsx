import { BANNER_DISMISSED_PREFIX } from '@/lib/promotions'

// Runs while <head> is parsed, so CSS hides a dismissed banner before first paint: no flash
// and no layout shift.
const SCRIPT = `(function(){try{var p=${JSON.stringify(BANNER_DISMISSED_PREFIX)},s=localStorage,ids=[];for(var i=0;i<s.length;i++){var k=s.key(i);if(k&&k.indexOf(p)===0&&s.getItem(k))ids.push(k.slice(p.length))}if(ids.length)document.documentElement.setAttribute("data-dismissed-promos",ids.join(" "))}catch(e){}})()`

export function DismissedPromosScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />
}
