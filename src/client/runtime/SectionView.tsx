/** Renders one section through the registry: visibility, lazy loading and an error boundary. */
import { Component, Suspense, type ReactNode } from 'react';
import { test } from '../../shared/screens/expression';
import { useRuntime } from './context';
import { sectionEntry } from './registry';
import type { Section } from './types';
import { ErrorState, Loading } from '../widgets/parts';

class SectionBoundary extends Component<{ children: ReactNode; type: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } { return { failed: true }; }
  override componentDidCatch(error: unknown): void {
    if (process.env.NODE_ENV !== 'production') console.error(`section "${this.props.type}" failed`, error);
  }
  override render() {
    return this.state.failed ? <ErrorState onRetry={() => this.setState({ failed: false })} /> : this.props.children;
  }
}

export function SectionView({ section }: { section: Section }) {
  const { scope } = useRuntime();
  if (!test(section.visibleIf, scope as unknown as Record<string, unknown>)) return null;
  const entry = sectionEntry(section.type);
  if (!entry) return null;
  const Widget = entry.component;
  const body = <Widget section={section} />;
  return (
    <SectionBoundary type={section.type}>
      {entry.lazy ? <Suspense fallback={<Loading />}>{body}</Suspense> : body}
    </SectionBoundary>
  );
}

export function SectionList({ sections }: { sections: Section[] }) {
  return <>{sections.map((s, i) => <SectionView key={`${s.type}-${s.id ?? i}`} section={s} />)}</>;
}
