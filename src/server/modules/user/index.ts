/** The user's profile. */
import { userEndpoints } from '../../../shared/contract/user';
import { defineArea } from '../../area';
import { userHandlers } from './handlers';

export const userArea = defineArea({
  name: 'user',
  endpoints: userEndpoints,
  handlers: userHandlers,
  uploads: [{ table: 'users', column: 'head_portrait' }],
});
