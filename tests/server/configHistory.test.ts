/**
 * Operators trust the configuration (issue 24): every save applies however the editor writes it, a refused
 * file on disk does not stop a restart (the last good published version serves, loudly), the published
 * versions are kept with who and what changed, compared and restored, and a refusal names the files it holds
 * back and who saved them. Through the real app and store; the watcher is awaited by its reload event.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../../scripts/ops';
import { writeOpsFile } from '../../src/server/ops/http';
import { CONFIG_HISTORY_DIR, ConfigHistory, KEPT_VERSIONS } from '../../src/server/configuration/history';
import type { ConfigStore, ReloadOutcome } from '../../src/server/configuration/store';
import { unifiedDiff } from '../../src/server/configuration/lineDiff';
import { copyConfig, createTestApp, editJson, type TestApp } from './helpers';

const me = os.userInfo().username;

async function listening(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  writeOpsFile(t.dataDir, `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, t.app.services.opsToken);
  return async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runOps(args, t.dataDir, (l) => lines.push(l));
    return { code, lines };
  };
}

/** The first reload (watched or asked) after now whose outcome passes `done`. */
function reloaded(store: ConfigStore, done: (o: ReloadOutcome) => boolean): Promise<ReloadOutcome> {
  return new Promise((resolve) => {
    const stop = store.onReload((o) => { if (done(o)) { stop(); resolve(o); } });
  });
}

const breakJson = (dir: string, rel: string) => {
  const file = path.join(dir, rel);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^\{/, '{ oops'));
};

describe('saves by renaming a temporary file over the original', () => {
  let t: TestApp;
  let dir: string;
  let ops: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    dir = copyConfig();
    t = await createTestApp({ configDir: dir, watchConfig: true });
    ops = await listening(t);
  });
  afterAll(async () => { await t?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

  it.each([
    ['i18n/en.json', (n: number) => `s/"About us[^"]*"/"About us ${n}"/`],
    ['i18n/th.json', (n: number) => `s/"เกี่ยวกับเรา[^"]*"/"เกี่ยวกับเรา ${n}"/`],
    ['schemas/mining-order.json', (n: number) => `s/"maxLength": [0-9]*/"maxLength": 6${n}/`],
  ])('applies every `sed -i` save of %s, not only the first', async (rel, edit) => {
    const store = t.app.services.configuration;
    for (const n of [1, 2, 3]) {
      const before = fs.readFileSync(path.join(dir, rel), 'utf8');
      const applied = reloaded(store, (o) => o.changed);
      // sed -i writes a temporary file and renames it over the original, as many editors save
      execFileSync('sed', ['-i', edit(n), path.join(dir, rel)]);
      expect(fs.readFileSync(path.join(dir, rel), 'utf8')).not.toBe(before);
      const outcome = await applied;
      expect(outcome.refused).toBeUndefined();
      expect(outcome.published?.seq).toBeGreaterThan(n);
    }
    const history = await ops('config-history');
    expect(history.lines.filter((l) => l.endsWith(`: ${rel}`))).toHaveLength(3);
  });
});

describe('published versions: history, diff, restore', () => {
  let t: TestApp;
  let dir: string;
  let ops: Awaited<ReturnType<typeof listening>>;
  let original: string;
  beforeAll(async () => {
    dir = copyConfig();
    original = fs.readFileSync(path.join(dir, 'i18n/en.json'), 'utf8');
    t = await createTestApp({ configDir: dir });
    ops = await listening(t);
  });
  afterAll(async () => { await t?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

  it('keeps each published version with who, when and what changed; compares and restores them', async () => {
    const first = t.app.services.configuration.status();
    expect(first.published).toMatchObject({ seq: 1, by: expect.any(String) });

    editJson(dir, 'i18n/en.json', (m) => { m['api.invalid_request'] = 'That request was not understood'; });
    expect((await ops('reload-config')).code).toBe(0);
    const history = await ops('config-history');
    expect(history.lines[0]).toMatch(new RegExp(`^#2 [0-9a-f]{10} \\S+ by ${me} \\(serving\\): i18n/en\\.json$`));
    expect(history.lines[1]).toMatch(/^#1 [0-9a-f]{10} /);
    expect(t.logs.some((l) => l.msg === `configuration #2 (${t.app.services.configuration.current.manifest.version}) published by ${me}: i18n/en.json`)).toBe(true);

    const diff = await ops('config-diff', '1');
    expect(diff.code).toBe(0);
    expect(diff.lines[0]).toMatch(/^#1 \([0-9a-f]{10}\) -> #2 \([0-9a-f]{10}\)$/);
    expect(diff.lines.slice(1, 3)).toEqual(['--- a/i18n/en.json', '+++ b/i18n/en.json']);
    expect(diff.lines).toContain('+  "api.invalid_request": "That request was not understood",');
    expect(diff.lines.filter((l) => /^[-+] /.test(l))).toHaveLength(2);
    expect((await ops('config-diff', '2', '2')).lines).toEqual([expect.stringMatching(/^#2 .* -> #2 /), 'no difference']);

    const restore = await ops('config-restore', '1');
    expect(restore.code).toBe(0);
    expect(restore.lines[0]).toBe(`restored #1 (${first.version}) into ${dir}`);
    expect(fs.readFileSync(path.join(dir, 'i18n/en.json'), 'utf8')).toBe(original);
    expect(t.app.services.configuration.current.manifest.version).toBe(first.version);
    expect((await ops('config-history')).lines[0]).toMatch(new RegExp(`^#3 ${first.version} \\S+ by ${me}, restore of #1 \\(serving\\): i18n/en\\.json$`));
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: 'x' })).json().message).not.toBe('That request was not understood');
  });

  it('names a version that does not exist and changes nothing', async () => {
    const before = t.app.services.configuration.status().published?.seq;
    for (const args of [['config-restore', '99'], ['config-diff', 'zzzz'], ['config-diff', '1', '#99']]) {
      const out = await ops(...args);
      expect(out).toEqual({ code: 1, lines: [expect.stringMatching(/^refused: no published configuration version "[^"]+" \(give its number/)] });
    }
    expect((await ops('config-diff')).code).toBe(2);
    expect(t.app.services.configuration.status().published?.seq).toBe(before);
  });
});

describe('one bad file and an unrelated change', () => {
  let t: TestApp;
  let dir: string;
  let ops: Awaited<ReturnType<typeof listening>>;
  beforeAll(async () => {
    dir = copyConfig();
    t = await createTestApp({ configDir: dir });
    ops = await listening(t);
  });
  afterAll(async () => { await t?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

  it('refuses both, and the refusal names the held-back English file and who saved it', async () => {
    const served = t.app.services.configuration.current.manifest.version;
    breakJson(dir, 'i18n/th.json');
    editJson(dir, 'i18n/en.json', (m) => { m['api.invalid_request'] = 'That request was not understood'; });
    const reload = await ops('reload-config');
    expect(reload.code).toBe(1);
    expect(reload.lines[2]).toMatch(/^ {2}i18n\/th\.json: \d+:\d+: invalid JSON/);
    expect(reload.lines[3]).toBe(`  held back until the problem(s) above are fixed: i18n/en.json (saved by ${me})`);
    expect(t.app.services.configuration.current.manifest.version).toBe(served);
    expect(t.logs.some((l) => l.level === 50 && l.msg.includes(`in i18n/th.json (saved by ${me})); it also holds back i18n/en.json (saved by ${me})`))).toBe(true);
    expect((await ops('config-status')).lines.slice(1)).toEqual(reload.lines.slice(1));
  });
});

describe('a restart with a refused file on disk', () => {
  let dir: string;
  let dataDir: string;
  const started: TestApp[] = [];
  beforeAll(() => {
    dir = copyConfig();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-restart-'));
  });
  afterAll(async () => {
    for (const t of started) await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the last good published version and says loudly what it refused', async () => {
    const first = await createTestApp({ configDir: dir, dataDir });
    started.push(first);
    editJson(dir, 'i18n/en.json', (m) => { m['api.invalid_request'] = 'That request was not understood'; });
    expect((await (await listening(first))('reload-config')).code).toBe(0);
    const good = first.app.services.configuration.status();
    await first.app.close();

    breakJson(dir, 'i18n/th.json');
    const second = await createTestApp({ configDir: dir, dataDir });
    started.push(second);
    expect(second.app.services.configuration.status()).toMatchObject({ version: good.version, published: good.published });
    expect((await second.app.inject({ method: 'POST', url: '/api/user/login', payload: 'x' })).json().message).toBe('That request was not understood');
    expect(second.logs.some((l) => l.level === 50 && l.msg.startsWith(`CONFIG_DIR ${dir} REFUSED AT START (1 problem(s) in i18n/th.json`) && l.msg.endsWith(`serving the last good published version ${good.version} (#2, published ${good.published!.at} by ${me})`))).toBe(true);
    const ops = await listening(second);
    const status = await ops('config-status');
    expect(status.code).toBe(1);
    expect(status.lines[1]).toMatch(/^REFUSED AT START \(1 problem\(s\)\) on .*: the files in .* are not served; the last good published version above is:$/);
    expect(status.lines[2]).toMatch(/^ {2}i18n\/th\.json: \d+:\d+: invalid JSON/);

    // fixed on disk: served, published, and the status is clear
    const th = path.join(dir, 'i18n/th.json');
    fs.writeFileSync(th, fs.readFileSync(th, 'utf8').replace('{ oops', '{'));
    expect((await ops('reload-config')).code).toBe(0);
    expect((await ops('config-status')).lines).toHaveLength(1);
  });

  it('without any good published version, the start still stops with every problem', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'config-restart-'));
    const broken = copyConfig();
    try {
      breakJson(broken, 'i18n/th.json');
      await expect(createTestApp({ configDir: broken, dataDir: empty })).rejects.toThrow(/i18n\/th\.json: \d+:\d+: invalid JSON/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});

test(`the history keeps the newest ${KEPT_VERSIONS} versions and only the file texts they name`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), CONFIG_HISTORY_DIR));
  try {
    const history = new ConfigHistory(dir);
    for (let n = 1; n <= KEPT_VERSIONS + 2; n++) {
      history.publish({ version: `v${n}`, at: new Date(0), by: 'ann', files: { 'i18n/en.json': `{"n": ${n}}\n`, 'schemas/a.json': '{}\n' } });
    }
    const kept = history.list();
    expect(kept.map((v) => v.seq)).toEqual(Array.from({ length: KEPT_VERSIONS }, (_, i) => i + 3));
    expect(fs.readdirSync(path.join(dir, 'blobs'))).toHaveLength(KEPT_VERSIONS + 1);
    expect(history.files(kept[0])).toEqual({ 'i18n/en.json': '{"n": 3}\n', 'schemas/a.json': '{}\n' });
    expect(kept.at(-1)).toMatchObject({ changed: ['i18n/en.json'], diff: `--- a/i18n/en.json\n+++ b/i18n/en.json\n@@ -1 +1 @@\n-{"n": ${KEPT_VERSIONS + 1}}\n+{"n": ${KEPT_VERSIONS + 2}}\n` });
    expect(history.find('#7')?.version).toBe('v7');
    expect(history.find('v9')).toBeUndefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the diff of two versions reads as `diff -u` prints it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-diff-'));
  try {
    const before = `${Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n')}\n`;
    const after = before.replace('line 2\n', 'line two\n').replace('line 15\n', '').replace('line 29\n', 'line 29\nline 30\n');
    fs.writeFileSync(path.join(dir, 'a'), before);
    fs.writeFileSync(path.join(dir, 'b'), after);
    let expected = '';
    try { execFileSync('diff', ['-u', 'a', 'b'], { cwd: dir }); } catch (err) { expected = String((err as { stdout: Buffer }).stdout); }
    const hunks = expected.split('\n').slice(2).join('\n');
    expect(unifiedDiff('x.json', before, after)).toBe(`--- a/x.json\n+++ b/x.json\n${hunks}`);
    expect(unifiedDiff('x.json', undefined, 'one\n')).toBe('--- /dev/null\n+++ b/x.json\n@@ -0,0 +1 @@\n+one\n');
    expect(unifiedDiff('x.json', before, before)).toBe('');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
