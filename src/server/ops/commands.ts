/**
 * The operator's commands of every area, behind one route: the CLI asks the server which commands exist
 * (GET /ops/commands, its usage text comes from them) and runs one (POST /ops/run { command, args }).
 */
import type { Area, OpsCaller, OpsCommand, OpsOutput } from '../area';
import { OpsError } from '../area';
import type { Services } from '../context';

/** Who ran a command when the CLI did not say (an older CLI, a test). */
export const UNKNOWN_OPERATOR = 'unknown operator';

export interface CommandInfo { name: string; args: string; summary: string }

const argText = (c: OpsCommand) => (c.args ?? []).map((a) => {
  const text = a.kind === 'text' ? `${a.name}...` : a.name;
  return a.optional ? `[${text}]` : `<${text}>`;
}).join(' ');

export class OpsCommands {
  private readonly byName = new Map<string, OpsCommand>();

  constructor(areas: readonly Area[]) {
    for (const area of areas) {
      for (const command of area.ops ?? []) {
        if (this.byName.has(command.name)) throw new Error(`two ops commands named ${command.name}`);
        this.byName.set(command.name, command);
      }
    }
  }

  list(): CommandInfo[] {
    return [...this.byName.values()].map((c) => ({ name: c.name, args: argText(c), summary: c.summary }));
  }

  /** Runs a command; a wrong call answers the usage with exit code 2. */
  async run(services: Services, name: string, raw: readonly string[], caller: OpsCaller = { operator: UNKNOWN_OPERATOR }): Promise<OpsOutput> {
    const command = this.byName.get(name);
    const parsed = command ? parseArgs(command, raw) : undefined;
    if (!command || !parsed) return { lines: [usage(this.list())], exitCode: 2 };
    try {
      return await command.run(services, parsed, caller);
    } catch (err) {
      if (err instanceof OpsError) return { lines: [`refused: ${err.message}`], exitCode: 1 };
      throw err;
    }
  }
}

function parseArgs(command: OpsCommand, raw: readonly string[]): Record<string, string | number> | undefined {
  const specs = command.args ?? [];
  const out: Record<string, string | number> = {};
  for (const [i, spec] of specs.entries()) {
    if (spec.kind === 'text') {
      const text = raw.slice(i).join(' ').trim();
      if (!text) return undefined;
      out[spec.name] = text;
      return out;
    }
    const value = raw[i];
    if (value === undefined) return spec.optional && raw.length === i ? out : undefined;
    if (spec.kind === 'id') {
      const id = Number(value);
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id < 1) return undefined;
      out[spec.name] = id;
    } else {
      out[spec.name] = value;
    }
  }
  return raw.length === specs.length ? out : undefined;
}

export function usage(commands: readonly CommandInfo[]): string {
  return `usage: npm run ops -- ${commands.map((c) => (c.args ? `${c.name} ${c.args}` : c.name)).join(' | ')}`;
}
