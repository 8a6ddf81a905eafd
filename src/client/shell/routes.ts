/** Screen file <-> route mapping (pure; screenModules.ts applies it to webpack's context keys). */

/** `./fund/assets.json` -> `/pages/fund/assets`; `./nft/components/artist.json` -> `/pages/nft/components/artist`. */
export function keyToRoute(key: string): string {
  return `/pages/${key.replace(/^\.\//, '').replace(/\.json$/, '')}`;
}
