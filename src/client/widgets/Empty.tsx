/** `empty`: a placeholder text (a message key) and, with `action`, the next step as a button. */
import type { EmptySection } from '../runtime/types';
import { EmptyState, useTexts } from './parts';

export default function Empty({ section }: { section: EmptySection }) {
  const { text } = useTexts();
  return <EmptyState text={text(section.text)} action={section.action} />;
}
