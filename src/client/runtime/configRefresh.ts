/**
 * A newly published configuration (a new manifest version, from the socket's `config` event or the catch-up
 * after a reconnect) makes stale the answers read from it: the endpoints whose `refreshOn` lists `config`
 * (content, site settings, chains). They are asked again, so an open app shows the published banner, page,
 * setting or withdrawal fee without a reload, as it shows a published screen or text; a list kept from a screen
 * left earlier asks again when shown (state/revalidate.ts).
 */
import { CONFIG_EVENT } from '../../shared/config/manifest';
import { REFRESHED_BY } from '../api/callRules';
import { getManifest, subscribeConfiguration } from '../platform/configuration';
import { revalidateEndpoints } from '../state/revalidate';

/** Follows the manifest from now on; returns what stops following it. */
export function refreshOnNewConfiguration(): () => void {
  let version = getManifest().version;
  return subscribeConfiguration(() => {
    const next = getManifest().version;
    if (next === version) return;
    version = next;
    void revalidateEndpoints(REFRESHED_BY[CONFIG_EVENT]);
  });
}
