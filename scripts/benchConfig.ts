/**
 * Configuration at run time: the time from saving a screen file to an open app showing the change (a
 * server of its own watching a copy of the configuration), and that the build holds none of screens/,
 * schemas/ or i18n/ (a sample of English texts searched in the built JavaScript).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { PHONE } from '../tests/e2e/support/browser';
import { OUTPUT_DIR } from '../tests/e2e/support/paths';
import { startServer, stopServer } from '../tests/e2e/support/server';
import { copyConfiguration } from '../src/server/configuration/files';
import { heading, median, ROOT, verdict } from './benchCommon';

const LOGIN = '/pages/common/login';
const SAVE_TARGET_MS = 2000;

/** Times from saving a screen file to an open app showing the change (server watching CONFIG_DIR). */
async function saveToScreenMs(browser: Browser): Promise<number[]> {
  const configDir = copyConfiguration(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-config-')));
  const server = await startServer(path.join(OUTPUT_DIR, 'bench-config-server.log'), undefined, { CONFIG_DIR: configDir });
  const file = path.join(configDir, 'screens', 'common', 'login.json');
  const original = JSON.parse(fs.readFileSync(file, 'utf8'));
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
  const texts = ['login.to_forget', 'login.to_register', 'login.welcome'];
  const times: number[] = [];
  try {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/#${LOGIN}`);
    await page.locator('.screen').waitFor();
    await page.waitForTimeout(2500); // the socket joins after the first screen
    for (let i = 0; i < 5; i++) {
      const key = texts[i % texts.length];
      const screen = { ...original, sections: [{ type: 'empty', text: key }, ...original.sections.slice(1)] };
      const t0 = performance.now();
      fs.writeFileSync(file, JSON.stringify(screen, null, 2));
      await page.waitForFunction((text) => document.querySelector('.screen > :first-child')?.textContent?.includes(text) ?? false, en[key], { timeout: 10_000, polling: 20 });
      times.push(performance.now() - t0);
      await page.waitForTimeout(300);
    }
    await context.close();
  } finally {
    await stopServer(server);
    fs.rmSync(configDir, { recursive: true, force: true });
  }
  return times;
}

/** How many of a sample of English texts the built JavaScript contains (0: messages are not in the build). */
function configurationInBuild(): { sampled: number; found: number } {
  const dist = path.join(ROOT, 'dist');
  const js = fs.readdirSync(dist).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const en = JSON.parse(fs.readFileSync(path.join(ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>;
  const sample = Object.values(en).filter((v) => v.length > 24 && !/[{}<]/.test(v)).slice(0, 100);
  return { sampled: sample.length, found: sample.filter((text) => js.includes(text)).length };
}

export async function benchConfig(browser: Browser): Promise<void> {
  const saves = await saveToScreenMs(browser);
  const built = configurationInBuild();
  heading('Configuration at run time',
    'A screen file saved on disk until an open app shows the change (a server watching a copy of the',
    'configuration; 5 saves), and a sample of English texts searched in the built JavaScript.');
  console.log(`  save a screen file -> open app shows it   median ${Math.round(median(saves))} ms (of ${saves.map((x) => Math.round(x)).join(', ')})   target <= ${SAVE_TARGET_MS} ms  ${verdict(median(saves) <= SAVE_TARGET_MS)}`);
  console.log(`  English texts found in the built JS        ${built.found} of ${built.sampled} sampled   (the build holds no screens, forms or messages)`);
}
