/** `tabs`: a tab list, each tab with its own sections (rendered only when selected). */
import { useId, useState, type KeyboardEvent } from 'react';
import { SectionList } from '../runtime/SectionView';
import type { TabsSection } from '../runtime/types';
import { useTexts } from './parts';

export default function Tabs({ section }: { section: TabsSection }) {
  const [active, setActive] = useState(0);
  const { text } = useTexts();
  const id = useId();
  const onKey = (e: KeyboardEvent) => {
    const n = section.tabs.length;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const dir = (e.key === 'ArrowRight') === (document.dir !== 'rtl') ? 1 : -1;
      setActive((a) => (a + dir + n) % n);
    }
  };
  return (
    <section className="w-section w-tabs">
      <div role="tablist" onKeyDown={onKey}>
        {section.tabs.map((tab, i) => (
          <button key={tab.label} type="button" role="tab" className="w-tab" id={`${id}-t${i}`}
            aria-selected={i === active} aria-controls={`${id}-p${i}`} tabIndex={i === active ? 0 : -1}
            onClick={() => setActive(i)}>
            {text(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-p${active}`} aria-labelledby={`${id}-t${active}`}>
        <SectionList sections={section.tabs[active].sections} />
      </div>
    </section>
  );
}
