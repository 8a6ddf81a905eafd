/**
 * `figures`: computed read-only rows (minimum, fee, you receive, rate) over the values in scope. A form file
 * places them among its fields (`sections` with `after`); there the scope also holds what is typed (`form`)
 * and the form's live answer (`data`). Nothing here computes money: the values are the server's answer.
 */
import { navigateTo } from '../platform/navigation';
import { resolveParts, resolveTemplate, resolveValue, type PipeContext, type TextPart } from '../runtime/bindings';
import type { FiguresSection } from '../runtime/types';
import { Parts, SectionTitle, useTexts } from './parts';
import './figures.css';

type Scope = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A value any of whose bindings resolves to nothing shows `--` (no figure yet), never a bare unit; its numbers drawn as numbers. */
export function figureParts(template: string, scope: Scope, pipes: PipeContext): TextPart[] {
  const bodies = [...template.matchAll(/\{\{([\s\S]*?)\}\}/g)];
  if (bodies.some((m) => isEmpty(resolveValue(`{{${m[1]}}}`, scope, pipes)))) return ['--'];
  return resolveParts(template, scope, pipes);
}

function FigureLink({ label, to }: { label: string; to: string }) {
  return <a className="f-figures__link" href={`#${to}`} onClick={(e) => { e.preventDefault(); navigateTo(to); }}>{label}</a>;
}

/** On a screen the rows stand inset from the edges, as the other sections do; in a form, the form's padding does that. */
export default function ScreenFigures({ section }: { section: FiguresSection }) {
  return <div className="w-figures"><Figures section={section} /></div>;
}

export function Figures({ section }: { section: FiguresSection }) {
  const { scope, pipes, t } = useTexts();
  return (
    <>
      <SectionTitle title={section.title} />
      <dl className="f-figures" aria-live="polite">
        {section.items.map((f) => (
          <div key={f.label} className={f.emphasis ? 'f-figures__emphasis' : undefined}>
            <dt>{t(f.label, resolveValue(f.labelValues ?? {}, scope, pipes) as Record<string, unknown>)}</dt>
            <dd>
              <bdi data-testid={f.id}><Parts parts={figureParts(f.value, scope, pipes)} /></bdi>
              {f.link && <FigureLink label={t(f.link.label)} to={resolveTemplate(f.link.to, scope, pipes)} />}
            </dd>
          </div>
        ))}
      </dl>
      {section.note && <p className="f-help f-figures__note">{t(section.note)}</p>}
    </>
  );
}
