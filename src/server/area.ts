/**
 * An area of the platform (auth, wallet, kyc …) as one object: its endpoints (from the shared contract)
 * with their handlers, the operator's commands, the jobs it runs on a clock, its first-start data, and the
 * columns where it keeps uploaded files. `src/server/areas.ts` lists them; adding an area is a folder under modules/ and one line
 * there. The app serves every endpoint, the ops CLI lists every command, the scheduler runs every job.
 */
import type { FastifyInstance } from 'fastify';
import type { EndpointSpec } from '../shared/contract';
import type { Handlers, Services } from './context';
import type { DB } from './db';
import type { JobDefinition } from './jobs/types';

/**
 * An argument of an operator command: a positive integer id, one word, or the rest of the line as text.
 * `optional` ones come last and may be left out.
 */
export interface OpsArgument { name: string; kind: 'id' | 'word' | 'text'; optional?: boolean }

/** Who runs the command: the OS user running `npm run ops`, as the CLI tells it. */
export interface OpsCaller {
  operator: string;
  /** The server's address as the CLI reached it (`http://127.0.0.1:8080`). */
  site?: string;
}

export interface OpsCommand {
  /** `approve-deposit` */
  name: string;
  args?: readonly OpsArgument[];
  /** One line for the usage text. */
  summary: string;
  /** Returns the lines to print; throws OpsError to refuse (exit 1). `args` are checked against `args`. */
  run(services: Services, args: Record<string, string | number>, caller?: OpsCaller): Promise<OpsOutput>;
}

export interface OpsOutput { lines: string[]; exitCode?: number }

/** The operator asked for something that cannot be done (printed as `refused: …`). */
export class OpsError extends Error {}

/** 'public': anyone, cached by anyone; 'private': this request only, never stored by a cache. */
export type UploadAccess = 'public' | 'private';

/** A request for an uploaded file, as the area that decides who sees it reads it. */
export interface UploadRequest {
  query: Record<string, unknown>;
  /** The logged-in user of the request's Authorization header (asked only for a private file). */
  userId(): Promise<number | undefined>;
}

export type UploadColumn = { [T in keyof DB]: { table: T; column: keyof DB[T] & string } }[keyof DB];

export interface Area {
  name: string;
  endpoints: readonly EndpointSpec[];
  handlers: Handlers;
  ops?: readonly OpsCommand[];
  jobs?: readonly JobDefinition[];
  /**
   * The ledger causes the area posts, each with what it means (`WALLET_CAUSES` …, beside its contract): the
   * ledger accepts the causes of the areas served, and refuses any other.
   */
  causes?: Readonly<Record<string, string>>;
  /** Columns holding `/uploads/…` paths: the purge of abandoned uploads keeps every file they name. */
  uploads?: readonly UploadColumn[];
  /** Who may see a file of DATA_DIR/uploads (the upload area's rule; static.ts serves them); undefined: not found. */
  uploadAccess?: (services: Services, name: string, request: UploadRequest) => Promise<UploadAccess | undefined>;
  /** Its first-start data (seed.ts runs every area's, in the areas' order): idempotent, rows that exist are kept. */
  seed?: (services: Services) => Promise<void>;
  /** Feeds of the sockets that follow the market (live position values), attached once the app's services exist. */
  feeds?: (services: Services) => void;
  /**
   * HTTP routes outside the contract, for callers that are not the app (a payment provider's webhook, which
   * needs its raw body and answers by HTTP status). Everything the app calls is an endpoint of the contract.
   */
  routes?: (app: FastifyInstance, services: Services) => void;
}

export function defineArea<A extends Area>(area: A): A {
  return area;
}
