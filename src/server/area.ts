/**
 * An area of the platform (auth, wallet, kyc …) as one object: its endpoints (from the shared contract)
 * with their handlers, the operator's commands, the jobs it runs on a clock, and the columns where it keeps
 * uploaded files. `src/server/areas.ts` lists them; adding an area is a folder under modules/ and one line
 * there. The app serves every endpoint, the ops CLI lists every command, the scheduler runs every job.
 */
import type { EndpointSpec } from '../shared/contract';
import type { Handlers, Services } from './context';
import type { DB } from './db';
import type { JobDefinition } from './jobs/types';

/** An argument of an operator command: a positive integer id, one word, or the rest of the line as text. */
export interface OpsArgument { name: string; kind: 'id' | 'word' | 'text' }

export interface OpsCommand {
  /** `approve-deposit` */
  name: string;
  args?: readonly OpsArgument[];
  /** One line for the usage text. */
  summary: string;
  /** Returns the lines to print; throws OpsError to refuse (exit 1). `args` are checked against `args`. */
  run(services: Services, args: Record<string, string | number>): Promise<OpsOutput>;
}

export interface OpsOutput { lines: string[]; exitCode?: number }

/** The operator asked for something that cannot be done (printed as `refused: …`). */
export class OpsError extends Error {}

export type UploadColumn = { [T in keyof DB]: { table: T; column: keyof DB[T] & string } }[keyof DB];

export interface Area {
  name: string;
  endpoints: readonly EndpointSpec[];
  handlers: Handlers;
  ops?: readonly OpsCommand[];
  jobs?: readonly JobDefinition[];
  /** Columns holding `/uploads/…` paths: the purge of abandoned uploads keeps every file they name. */
  uploads?: readonly UploadColumn[];
  /** Feeds of the sockets that follow the market (live position values), attached once the app's services exist. */
  feeds?: (services: Services) => void;
}

export function defineArea<A extends Area>(area: A): A {
  return area;
}
