/** Articles, announcements, FAQ, pages and the menu. */
import { contentEndpoints } from '../../../shared/contract/content';
import { defineArea } from '../../area';
import { contentHandlers } from './handlers';
import { seedContent } from './seed';

export const contentArea = defineArea({ name: 'content', endpoints: contentEndpoints, handlers: contentHandlers, seed: seedContent });
export { contentImageUrl } from './images';
