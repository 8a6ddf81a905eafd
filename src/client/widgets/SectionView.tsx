/**
 * Renders one section through the registry: visibility, lazy loading and an error boundary. A section that
 * cannot be shown (a type the runtime does not know, a widget that throws) is never a blank: it shows a
 * small localised box (with the section's JSON path in development) and is reported to the server's log.
 */
import { Component, Suspense, useContext, useEffect, type ReactNode } from 'react';
import { request } from '../api/request';
import { useT } from '../i18n/useT';
import { test } from '../../shared/screens/expression';
import { useRuntime } from '../runtime/context';
import { SectionRegistryContext } from './registry';
import type { Section } from '../runtime/types';
import { Loading } from './parts';

const DEVELOPMENT = process.env.NODE_ENV !== 'production';

function reportFailure(path: string, type: string, reason: string): void {
  const route = (typeof location === 'undefined' ? '' : location.hash.replace(/^#/, '').split('?')[0]) || '/';
  request('POST /app/section_error', { route, path, type: type.slice(0, 40), reason: reason.slice(0, 500) }, { loading: false, silent: true })
    .catch(() => undefined);
  if (DEVELOPMENT) console.error(`section ${path} (${type}) could not be shown: ${reason}`);
}

/** The box shown instead of a section that cannot be shown. */
export function SectionFailed({ path, type, reason }: { path: string; type: string; reason: string }) {
  const t = useT();
  useEffect(() => { reportFailure(path, type, reason); }, [path, type, reason]);
  return (
    <div className="w-state w-error w-section-failed" role="alert" data-section-path={path}>
      <span>{t('widget.section_failed')}</span>
      {DEVELOPMENT && <code className="w-section-failed__path">{t('widget.section_failed_path', { path })}</code>}
    </div>
  );
}

class SectionBoundary extends Component<{ children: ReactNode; type: string; path: string }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown): { error: string } { return { error: error instanceof Error ? error.message : String(error) }; }
  override render() {
    const { error } = this.state;
    return error !== null ? <SectionFailed path={this.props.path} type={this.props.type} reason={error} /> : this.props.children;
  }
}

export function SectionView({ section, path }: { section: Section; path: string }) {
  const { scope } = useRuntime();
  const registry = useContext(SectionRegistryContext);
  if (!test(section.visibleIf, scope)) return null;
  const entry = registry.sectionEntry(section.type);
  if (!entry) return <SectionFailed path={path} type={String(section.type)} reason={`unknown section type "${String(section.type)}"`} />;
  const Widget = entry.component;
  const body = <Widget section={section} />;
  return (
    <SectionBoundary type={section.type} path={path}>
      {entry.lazy ? <Suspense fallback={<Loading rows={2} />}>{body}</Suspense> : body}
    </SectionBoundary>
  );
}

/** `path`: the JSON path of the list in the screen file, for reports (`$.sections`, `$.sections[2].tabs[0].sections`). */
export function SectionList({ sections, path = '$.sections' }: { sections: Section[]; path?: string }) {
  return <>{sections.map((s, i) => <SectionView key={`${s.type}-${s.id ?? i}`} section={s} path={`${path}[${i}]`} />)}</>;
}
