/**
 * The few constant inline scripts of the HTML (bootHero.ts, routeCode.ts): the CSP allows each by its hash,
 * in the response header (static.ts) and in the page's own meta element, and no other inline script.
 */
import crypto from 'node:crypto';

/** The CSP source allowing `script` (and only it) to run inline. */
export const inlineScriptSource = (script: string): string => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

const META_SCRIPT_SRC = /(<meta http-equiv="?Content-Security-Policy"? content="[^"]*script-src 'self')/;

/** `html` with its own CSP (a meta element) allowing the inline script of `source` too. */
export function allowInlineScript(html: string, source: string): string {
  return html.replace(META_SCRIPT_SRC, `$1 ${source}`);
}
