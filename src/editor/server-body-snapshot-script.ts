import { BODY_KEY_ATTRIBUTE, COMPOSING_GLOBAL, SNAPSHOT_GLOBAL } from "@/lib/server-rendered-body";
import { keepTypingScript } from "./early-typing-keep";

/**
 * The inline script that snapshots a handed-over placeholder as soon as it is parsed, and
 * watches it for IME compositions until hydration (lib/server-rendered-body.ts reads both). It
 * runs during parsing, right after the placeholder, before the page can take a key. With
 * `keepKey` (an editable body), it also keeps what is typed into the placeholder when the page
 * is hidden or left before the live editor has it, and has the browser ask before leaving when
 * storage can't take it (early-typing-keep.ts): a reload in that window would otherwise lose it.
 */
export function serverBodySnapshotScript(key: string, keepKey?: string): string {
  const selector = JSON.stringify(`[${BODY_KEY_ATTRIBUTE}="${key}"]`);
  const id = JSON.stringify(key);
  return (
    `(function(){var e=document.querySelector(${selector});if(!e)return;` +
    `var b=(window.${SNAPSHOT_GLOBAL}=window.${SNAPSHOT_GLOBAL}||{})[${id}]=e.innerHTML;` +
    `var c=window.${COMPOSING_GLOBAL}=window.${COMPOSING_GLOBAL}||{};` +
    `e.addEventListener("compositionstart",function(){c[${id}]=true});` +
    `e.addEventListener("compositionend",function(){c[${id}]=false});` +
    (keepKey ? keepTypingScript(keepKey, key) : "") +
    `})()`
  );
}
