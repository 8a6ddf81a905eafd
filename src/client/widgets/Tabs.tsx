/**
 * `tabs`: a tab list and the selected tab's panel. Fixed tabs each have their own sections, and may show a
 * figure over the data in scope under their name (the assets screen's accounts, each with its total);
 * data-fed tabs (`source` or `items`) make one tab per element, labelled by `tab`, and show `sections` with
 * the selected element as `data`. Arrow keys move between tabs (mirrored right-to-left).
 * Sections inside remember their sort across tab switches (tabsMemory).
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { resolveParts, resolveText, resolveValue } from '../runtime/bindings';
import { ScopeProvider } from '../runtime/context';
import { SectionList } from './SectionView';
import type { TabsSection } from '../runtime/types';
import { useSource } from '../runtime/useSource';
import { usePref } from './device';
import { Activator, EmptyState, ErrorState, Loading, maskedText, Parts, useTexts } from './parts';
import { TabsMemoryContext, type TabsMemory } from './tabsMemory';

interface TabEntry { key: string; label: string; value?: ReactNode }

function TabsView({ section, entries, active, onSelect, children }: {
  section: TabsSection; entries: TabEntry[]; active: number; onSelect: (index: number) => void; children: ReactNode;
}) {
  const { text } = useTexts();
  const id = useId();
  const memory = useRef<TabsMemory>(new Map());
  const onKey = (e: KeyboardEvent) => {
    const n = entries.length;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const dir = (e.key === 'ArrowRight') === (document.dir !== 'rtl') ? 1 : -1;
      onSelect((active + dir + n) % n);
    }
  };
  const titleId = `${id}-title`;
  const Heading = section.pageTitle ? 'h1' : 'h2';
  const cards = entries.some((e) => e.value !== undefined);
  return (
    <section className={`w-section w-tabs${section.pageTitle ? ' w-board' : ''}`}>
      {section.title && (
        <div className="w-title-row">
          <Heading className="w-title" id={titleId}>{text(section.title)}</Heading>
          {section.link && <Activator className="w-link" to={section.link.to}>{text(section.link.label)}</Activator>}
        </div>
      )}
      <div role="tablist" className={cards ? 'w-tabs-cards' : undefined} onKeyDown={onKey}
        aria-labelledby={section.title ? titleId : undefined} aria-label={!section.title && section.label ? text(section.label) : undefined}>
        {entries.map((tab, i) => (
          <button key={tab.key} type="button" role="tab" className={cards ? 'w-tab w-tab-card' : 'w-tab'} id={`${id}-t${i}`}
            aria-selected={i === active} aria-controls={`${id}-p${i}`} tabIndex={i === active ? 0 : -1}
            onClick={() => onSelect(i)}>
            {cards ? <><span>{tab.label}</span><bdi className="w-tab-value">{tab.value}</bdi></> : tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-p${active}`} aria-labelledby={`${id}-t${active}`}>
        <TabsMemoryContext.Provider value={memory.current}>{children}</TabsMemoryContext.Provider>
      </div>
    </section>
  );
}

/** `initial` may be bound to the screen (`{{query.mode}}`: the home shortcut opening the seconds tab). */
function initialKey(initial: string | undefined, scope: Record<string, unknown>, pipes: Parameters<typeof resolveValue>[2]): string | undefined {
  const key = resolveValue(initial, scope, pipes);
  return key === undefined || key === null || key === '' ? undefined : String(key);
}

function initialIndex(keys: string[], initial: string | undefined): number {
  const i = initial === undefined ? -1 : keys.indexOf(initial);
  return i < 0 ? 0 : i;
}

/** A tab's second line over the data in scope, or **** while the section's `mask` is on. */
function tabValue(value: string | undefined, masked: boolean, scope: Record<string, unknown>, pipes: Parameters<typeof resolveText>[2]): ReactNode {
  if (value === undefined) return undefined;
  return masked ? maskedText(value, (t) => resolveText(t, scope, pipes)) : <Parts parts={resolveParts(value, scope, pipes)} />;
}

function FixedTabs({ section }: { section: TabsSection }) {
  const tabs = section.tabs!;
  const { text, scope, pipes } = useTexts();
  const [masked] = usePref(section.mask, false);
  const keys = tabs.map((tab, i) => tab.key ?? String(i));
  const [active, setActive] = useState(() => initialIndex(keys, initialKey(section.initial, scope, pipes)));
  const current = tabs[active].sections; // no tabs at all is a broken section (its boundary reports it)
  const entries = tabs.map((tab, i) => ({ key: keys[i], label: text(tab.label), value: tabValue(tab.value, masked, scope, pipes) }));
  return (
    <TabsView section={section} entries={entries} active={active} onSelect={setActive}>
      <SectionList sections={current} />
    </TabsView>
  );
}

function DataTabs({ section }: { section: TabsSection }) {
  const src = useSource<unknown[]>(section.source);
  const { scope, pipes } = useTexts();
  const [masked] = usePref(section.mask, false);
  const bound = section.source ? src.data : resolveValue(section.items, scope, pipes);
  const elements = useMemo(() => (Array.isArray(bound) ? bound : []), [bound]);
  const [chosen, setChosen] = useState<string | undefined>(() => initialKey(section.initial, scope, pipes));
  if (section.source && src.isLoading) return <Loading rows={2} />;
  if (section.source && src.error) return <ErrorState onRetry={src.retry} />;
  if (!elements.length || !section.tab) return <EmptyState />;
  const tpl = section.tab;
  const entries: TabEntry[] = elements.map((item, i) => {
    const at = { ...scope, item };
    const key = tpl.key ? String(resolveValue(tpl.key, at, pipes) ?? i) : String(i);
    return { key, label: resolveText(tpl.label, at, pipes), value: tabValue(tpl.value, masked, at, pipes) };
  });
  const active = initialIndex(entries.map((e) => e.key), chosen);
  return (
    <TabsView section={section} entries={entries} active={active} onSelect={(i) => setChosen(entries[i].key)}>
      <ScopeProvider data={elements[active]}>
        <SectionList sections={section.sections ?? []} />
      </ScopeProvider>
    </TabsView>
  );
}

export default function Tabs({ section }: { section: TabsSection }) {
  return section.source || section.items !== undefined ? <DataTabs section={section} /> : <FixedTabs section={section} />;
}
