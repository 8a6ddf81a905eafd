/**
 * `npm run ops -- reload-config` and `config-status` reach one node; these carry them to every node of the
 * cluster (realtime/cluster.ts). Each node reads its own CONFIG_DIR and announces its own reload to its own
 * sockets (`io.local`), so a socket hears of a change once, from the node it is connected to.
 */
import type { Cluster } from '../realtime/cluster';
import type { ConfigStatus, ConfigStore } from './store';

const RELOAD = 'config:reload';
const STATUS = 'config:status';

export type NodeConfigStatus = ConfigStatus & { changed?: boolean };

export function answerConfigRequests(cluster: Cluster, store: ConfigStore): void {
  cluster.answer(RELOAD, (operator) => store.reload(typeof operator === 'string' ? operator : undefined));
  cluster.answer(STATUS, () => store.status());
}

/**
 * This node's status and the other nodes' (after a reload on each when `reload`, attributed to `operator`);
 * `unanswered` says why some are missing.
 */
export async function everyNodeConfig(cluster: Cluster, store: ConfigStore, reload: boolean, operator?: string): Promise<{ here: NodeConfigStatus; others: NodeConfigStatus[]; unanswered?: string }> {
  const here = reload ? store.reload(operator) : store.status();
  try {
    return { here, others: await (reload ? cluster.ask<NodeConfigStatus>(RELOAD, operator ?? null) : cluster.ask<NodeConfigStatus>(STATUS)) };
  } catch (err) {
    return { here, others: [], unanswered: (err as Error).message };
  }
}
