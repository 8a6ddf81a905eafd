/**
 * Operator commands through the running server, the way `npm run ops` does it (scripts/ops.ts: the address
 * and token the server wrote to DATA_DIR/ops.json, then POST /ops/run).
 */
import { runOps } from '../ops';

export interface OpsResult { exitCode: number; lines: string[] }

export async function ops(dataDir: string, ...args: string[]): Promise<OpsResult> {
  const lines: string[] = [];
  const exitCode = await runOps(args, dataDir, (line) => lines.push(line));
  return { exitCode, lines };
}

/** Runs a command that must succeed; returns its output. */
export async function opsOk(dataDir: string, ...args: string[]): Promise<string[]> {
  const result = await ops(dataDir, ...args);
  if (result.exitCode !== 0) throw new Error(`npm run ops -- ${args.join(' ')} failed (exit ${result.exitCode}):\n${result.lines.join('\n')}`);
  return result.lines;
}
