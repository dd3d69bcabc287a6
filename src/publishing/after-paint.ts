/**
 * The page's script after its first paint. Astro links each page script as `<script type="module" src>`, which the
 * browser requests as soon as it reads the tag, beside the stylesheet the first paint waits for; on a phone's
 * connection that request and the script's run held the first paint back. Every control the script wires is
 * already laid out without it (reference.css, the `data-js` flag), so each such tag is written as an inert data
 * block naming the file (`loadScriptsAfterPaint`, run on every page as it is built), and a head script
 * (`afterPaintLoader`) loads the files once the page has painted, or at once on a reader's first pointer or key
 * (or, for a reader who picked a sample language earlier, as soon as the page is parsed, as the module used to).
 * A click on a button or a change of a select before they have run is played again once they have. The loader also
 * marks the page `data-painted` as it starts them, the cue for what else waits for the first paint (the shell's
 * icons, shell.css). Without JavaScript the page reads as it always did.
 */
import { LANGUAGE_KEY } from '../components/reference/operation/sample-tabs.ts';

/** A page script as Astro writes it (src/integration/page-script.ts's module, Expressive Code's): its start and end. */
const moduleScriptStart = Buffer.from('<script type="module" src="');
const moduleScriptEnd = Buffer.from('"></script>');
const inertScriptStart = Buffer.from('<script type="text/plain" data-after-paint="');

/**
 * The page with each page script written to load after its first paint. On the page's bytes as Astro wrote them:
 * decoded to text and encoded again, every page of a large description cost the build seconds for a few tags.
 * A `src` holding `<`, `>` or a quote is left as it is (Astro writes none).
 */
export function loadScriptsAfterPaint(page: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const parts: Uint8Array[] = [];
  let written = 0;
  for (let at = bytes.indexOf(moduleScriptStart); at !== -1; at = bytes.indexOf(moduleScriptStart, at + 1)) {
    const src = at + moduleScriptStart.length;
    const end = bytes.indexOf(moduleScriptEnd, src);
    if (end === -1) break;
    if (/[<>"]/.test(bytes.toString('latin1', src, end))) continue;
    parts.push(bytes.subarray(written, at), inertScriptStart);
    written = src;
  }
  if (written === 0) return page;
  parts.push(bytes.subarray(written));
  return Buffer.concat(parts);
}

/**
 * Loads the `data-after-paint` files after the page's main content has painted (after the load event) or on the
 * first interaction, whichever is first, and plays back clicks on buttons and on Copy as Markdown, changes of selects and the search shortcut
 * made before they ran (the search button is disabled until then, as before). A head script: the CSP allows it by hash
 * (own-inline-scripts.ts). Written compactly, as every page repeats it.
 */
export const afterPaintLoader =
  '(()=>{let started=0,ready=0;const held=[],d=document,on=addEventListener,' +
  // Start: mark the page painted (the shell's icons, shell.css, are drawn from then on); each data block becomes a
  // module script; once all have run (or failed), replay what was held.
  "start=()=>{if(started)return;if(d.readyState=='loading')return on('DOMContentLoaded',start,{once:1});started=1;d.documentElement.dataset.painted='';" +
  "const files=d.querySelectorAll('script[data-after-paint]');let waiting=files.length;" +
  'const ran=()=>{if(--waiting<1){ready=1;for(const replay of held.splice(0))replay()}};' +
  "for(const file of files){const s=d.createElement('script');s.type='module';s.src=file.dataset.afterPaint;" +
  's.onload=s.onerror=ran;d.head.append(s)}},' +
  // Any interaction starts the load; a click on a button or a select's change before the scripts ran is held.
  'hold=e=>{start();const t=e.target;if(ready||!(t instanceof Element))return;' +
  // Copy as Markdown is a link (the twin, without JavaScript): its click is kept from following it until replayed.
  "const b=e.type=='click'&&t.closest('button:not([type=submit]),a[data-copy-twin]');" +
  "if(b){if(b.tagName=='A')e.preventDefault();held.push(()=>b.click())}" +
  // A select's change keeps the value picked: the script, when it runs, may set the select to what was stored.
  "if(e.type=='change'&&t.matches('select')){const v=t.value;held.push(()=>{t.value=v;t.dispatchEvent(new Event('change',{bubbles:1}))})}" +
  // The search shortcut (Ctrl/⌘+K): held, and kept from the browser's own use of it, as the search does once it runs.
  "if(e.type=='keydown'&&(e.ctrlKey||e.metaKey)&&e.key.toLowerCase()=='k'){e.preventDefault();" +
  "held.push(()=>t.dispatchEvent(new KeyboardEvent('keydown',{key:e.key,ctrlKey:e.ctrlKey,metaKey:e.metaKey,bubbles:1})))}" +
  "};for(const type of['click','change','keydown','pointerdown'])on(type,hold,{capture:1});" +
  // A reader who picked a sample language on an earlier page: at once (as soon as the page is parsed), so the
  // samples show that language from the start rather than switching, and moving what is below, after the paint.
  `try{if(localStorage.getItem('${LANGUAGE_KEY}'))start()}catch{}` +
  // Otherwise once the load event has come and the browser reports the page's main content painted, looking again
  // each frame (a frame rendered is not yet a frame shown, and on a busy machine the load event can come first).
  // The first paint may show the header alone, the parser having yielded, and <main> a frame or more later: so the
  // largest paint inside <main>, where the browser reports largest paints (else the first contentful paint; and
  // thirty frames after that if <main> never is the largest). Where paint timing is not reported at all, ten frames
  // after the load event.
  "const P=PerformanceObserver,t=P.supportedEntryTypes||[],L='largest-contentful-paint';let n=0,m=!t.includes(L);" +
  "try{new P(l=>{for(const e of l.getEntries())if(e.element?.closest('main'))m=1}).observe({type:L,buffered:1})}catch{}" +
  "const go=()=>(t.includes('paint')?performance.getEntriesByName('first-contentful-paint')[0]&&(m||n++>29):n++>9)" +
  "?start():requestAnimationFrame(()=>setTimeout(go));on('load',go,{once:1})})()";
