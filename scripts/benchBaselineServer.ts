/**
 * The browser baselines of the bench, served by a bare node http server started in the same run:
 * - `/`: a minimal static HTML page (a heading and a paragraph), the floor of any page load under the same
 *   throttling (benchPages.ts);
 * - `/live?ids=1,2,3`: a table with one row per pair id whose price, fiat and change cells are updated with
 *   plain DOM text updates from socket.io-shaped `tickers` messages on a WebSocket at `/feed` (which the
 *   bench routes through Playwright, as it does the app's), the floor of a live list (benchLiveList.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const STATIC_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline</title></head>
<body><h1>Markets</h1><p>A minimal static page: what any page costs to load under the same throttling.</p></body></html>`;

/** Builds one row per id, then applies each message's values to the rows as text. */
const LIVE_SCRIPT = `
const ids = new URLSearchParams(location.search).get('ids').split(',');
const rows = new Map();
const body = document.querySelector('tbody');
for (const id of ids) {
  const tr = document.createElement('tr');
  const cells = ['name', 'price', 'fiat', 'change'].map((c) => { const td = document.createElement('td'); td.className = c; tr.appendChild(td); return td; });
  cells[0].textContent = 'Pair ' + id;
  rows.set(Number(id), { price: cells[1], fiat: cells[2], change: cells[3] });
  body.appendChild(tr);
}
const ws = new WebSocket('ws://' + location.host + '/feed');
ws.onmessage = (event) => {
  const text = String(event.data);
  if (!text.startsWith('42')) return;
  const [name, items] = JSON.parse(text.slice(2));
  if (name !== 'tickers') return;
  for (const q of items) {
    const row = rows.get(q.currency_id);
    if (!row) continue;
    row.price.textContent = q.now_price;
    row.fiat.textContent = '\\u2248 $' + q.now_price;
    row.change.textContent = q.change + '%';
    row.change.className = q.change.startsWith('-') ? 'change down' : 'change up';
  }
};`;

export const LIVE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Live baseline</title><style>td { padding: 8px; font: 14px sans-serif } .down { color: red } .up { color: green }</style></head>
<body><table><tbody></tbody></table><script>${LIVE_SCRIPT}</script></body></html>`;

export interface BaselineServer { url: string; close(): Promise<void> }

export async function startBaselineServer(): Promise<BaselineServer> {
  const server = http.createServer((req, res) => {
    const page = req.url === '/' ? STATIC_PAGE : req.url?.startsWith('/live?') ? LIVE_PAGE : undefined;
    if (!page) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(0, '127.0.0.1', resolve); });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
