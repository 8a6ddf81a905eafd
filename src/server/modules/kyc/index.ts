/** Identity verification (Lv1, Lv2), phone binding, and the operator's review of submissions. */
import { ACCOUNT_EVENT, MESSAGE_EVENT } from '../../../shared/contract/events';
import { kycEndpoints } from '../../../shared/contract/kyc';
import { defineArea, type OpsCommand } from '../../area';
import type { Services } from '../../context';
import { uploadLinkSigner } from '../upload';
import { kycHandlers } from './handlers';
import { mobileHandlers } from './mobile';
import { approveIdentity, pendingIdentity, rejectIdentity } from './review';
import { tellUser } from '../../kernel';

type Submission = Awaited<ReturnType<typeof pendingIdentity>>[number];

/**
 * Lv1: the document's details; Lv2: the photos' paths, then links that open them (private files: signed for
 * the operator, for an hour) at the app's address.
 */
function submissionLine(r: Submission, link: (url: string) => string): string {
  const pics = [r.front_pic, r.reverse_pic, r.hand_pic];
  const what = Number(r.level) === 1
    ? `${r.id_type} ${r.card_id}  ${r.name}  address: ${r.address || '(none)'}`
    : `front ${pics[0]}  back ${pics[1]}  holding ${pics[2] || '(none)'}`;
  const line = `#${r.id}  ${r.username}  Lv${r.level} (now Lv${r.real_level})  ${what}  ${new Date(r.created_at).toISOString()}`;
  return Number(r.level) === 1 ? line : `${line}\n      open: ${pics.filter(Boolean).map(link).join('  ')}`;
}

/** After a review: the owner's row is read afresh here, and the app told. */
async function tellOwner(services: Services, id: number): Promise<void> {
  const row = await services.db.selectFrom('identity_submissions').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  services.cached.usersChanged(row.user_id);
  tellUser(services, row.user_id, [ACCOUNT_EVENT, MESSAGE_EVENT]);
}

const ops: OpsCommand[] = [
  {
    name: 'identity', summary: 'identity verification (KYC) submissions under review, with what was submitted',
    async run(services) {
      const rows = await pendingIdentity(services.db);
      const link = await uploadLinkSigner(services.db, 'ops', services.now());
      return { lines: rows.length ? rows.map((r) => submissionLine(r, link)) : ['no identity submissions under review'] };
    },
  },
  {
    name: 'approve-identity', args: [{ name: 'id', kind: 'id' }], summary: 'verify the user at the submission\'s level (Lv1 or Lv2)',
    async run(services, { id }) {
      await approveIdentity(services.db, Number(id), services.now());
      await tellOwner(services, Number(id));
      return { lines: [`identity submission #${id} approved`] };
    },
  },
  {
    name: 'reject-identity', args: [{ name: 'id', kind: 'id' }, { name: 'reason', kind: 'text' }],
    summary: 'refuse a submission, telling the user why (the level already reached stays)',
    async run(services, { id, reason }) {
      await rejectIdentity(services.db, Number(id), String(reason), services.now());
      await tellOwner(services, Number(id));
      return { lines: [`identity submission #${id} rejected`] };
    },
  },
];

export const kycArea = defineArea({
  name: 'kyc',
  endpoints: kycEndpoints,
  handlers: { ...kycHandlers, ...mobileHandlers },
  ops,
  uploads: [
    { table: 'identity_submissions', column: 'front_pic' },
    { table: 'identity_submissions', column: 'reverse_pic' },
    { table: 'identity_submissions', column: 'hand_pic' },
  ],
});
