import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { INERT_MODULE_TYPE, MODULES_ID, PRELOADS_ATTRIBUTE } from './start-after-paint.ts';

// The tags as React writes React Router's <Scripts>: module preloads hoisted into the head, then one
// inline module script that imports the entry and the matched routes.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;

/**
 * Rewrites a page's HTML as it streams so its scripts wait for startAfterPaintScript: the module
 * preloads leave the head (a preload would fetch at once) and React Router's module script is
 * written inert, carrying them. Tags never straddle what it processes: a chunk's text after its last
 * unclosed `<` waits for the next chunk.
 */
export function startAfterPaint(): Transform {
  const decoder = new StringDecoder('utf8');
  const preloads: string[] = [];
  let pending = '';
  let scriptFound = false;

  const rewrite = (html: string) => {
    if (scriptFound) return html;
    const withoutPreloads = html.replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
    return withoutPreloads.replace(MODULE_SCRIPT, (_tag, nonce = '') => {
      scriptFound = true;
      return `<script${nonce} type="${INERT_MODULE_TYPE}" id="${MODULES_ID}" ${PRELOADS_ATTRIBUTE}="${preloads.join(' ')}">`;
    });
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      const open = text.lastIndexOf('<');
      const cut = open !== -1 && text.indexOf('>', open) === -1 ? open : text.length;
      pending = text.slice(cut);
      callback(null, rewrite(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
