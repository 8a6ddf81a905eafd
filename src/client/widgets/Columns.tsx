/**
 * `columns`: sections side by side, each column a list of sections (a trade screen's ticket beside its order
 * book), in the reading direction. The columns share the row by their `width`s.
 */
import type { ColumnsSection } from '../runtime/types';
import { SectionTitle } from './parts';
import { SectionList } from './SectionView';
import './columns.css';

export default function Columns({ section }: { section: ColumnsSection }) {
  const shares = section.columns.map((c) => `minmax(0, ${c.width ?? 1}fr)`).join(' ');
  return (
    <section className="w-section w-columns">
      <SectionTitle title={section.title} />
      <div className="w-columns__row" style={{ ['--columns' as string]: shares }}>
        {section.columns.map((column, i) => (
          <div key={i} className="w-columns__column">
            <SectionList sections={column.sections} path={`$.columns[${i}].sections`} />
          </div>
        ))}
      </div>
    </section>
  );
}
