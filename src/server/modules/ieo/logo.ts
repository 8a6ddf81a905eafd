/**
 * A project's image when the operator gave none: a round badge with its token's name, written once under
 * DATA_DIR/uploads (a site image, public, like the seed's banners) and served at `/uploads/ieo-<token>.svg`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { currencyById } from '../../kernel';

/** The badge's colours, one picked by the token's name so that a token always has the same. */
const COLOURS = ['#1652f0', '#0f9d58', '#b8860b', '#8e24aa', '#d84315', '#00838f', '#3949ab', '#6d4c41'];

export function logoSvg(token: string): string {
  const colour = COLOURS[[...token].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % COLOURS.length];
  const size = token.length > 3 ? 22 : 28;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="48" fill="${colour}"/>
<circle cx="48" cy="48" r="40" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="3"/>
<text x="48" y="${48 + size * 0.36}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${token}</text>
</svg>
`;
}

/** Writes the badge of `token` unless it exists; answers its site path. */
export function tokenLogo(uploadsDir: string, token: string): string {
  const name = `ieo-${token.toLowerCase()}.svg`;
  const file = path.join(uploadsDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(uploadsDir, { recursive: true });
    fs.writeFileSync(file, logoSvg(token));
  }
  return `/uploads/${name}`;
}

/** Gives every project without an image its token's badge. */
export async function fillMissingLogos(db: Kysely<DB>, uploadsDir: string): Promise<void> {
  const bare = await db.selectFrom('ieo_projects').select(['id', 'currency_id']).where('logo', '=', '').execute();
  for (const p of bare) {
    await db.updateTable('ieo_projects').set({ logo: tokenLogo(uploadsDir, currencyById(p.currency_id).name) })
      .where('id', '=', p.id).where('logo', '=', '').execute();
  }
}
