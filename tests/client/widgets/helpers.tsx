/** Test helpers for screens, widgets and forms: providers, a fake API and a fake IntersectionObserver. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import en from '../../../i18n/en.json';
import Screen from '../../../src/client/widgets/Screen';
import type { ScreenDefinition, Section } from '../../../src/client/runtime/types';

export const messages = en as Record<string, string>;

/** Matches the element whose whole text is `text`, its numbers drawn in their own `<bdi class="num">` included. */
export const whole = (text: string) => (_content: string, el: Element | null): boolean =>
  !!el && el.textContent === text && ![...el.children].some((c) => c.textContent === text);

export function Providers({ children, texts = messages }: { children: ReactNode; texts?: Record<string, string> }) {
  return (
    <IntlProvider locale="en" messages={texts} onError={(err) => { throw err; }}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false }}>
        {children}
      </SWRConfig>
    </IntlProvider>
  );
}

export function renderWithProviders(ui: ReactNode, texts?: Record<string, string>) {
  return render(<Providers texts={texts}>{ui}</Providers>);
}

export { checkedScreen, screenFile } from '../../support/screens';
import { screenFile } from '../../support/screens';

/** The first section of a screen file with this type (its market list, its pickers …). */
export function sectionOf(rel: string, type: Section['type']): Section {
  const found = screenFile(rel).sections.find((s) => s.type === type);
  if (!found) throw new Error(`no ${type} section in screens/${rel}`);
  return found;
}

export function screenOf(sections: Section[], extra: Partial<ScreenDefinition> = {}): ScreenDefinition {
  return { schemaVersion: 3, route: '/pages/test/page', sections, ...extra };
}

export function renderScreen(sections: Section[] | ScreenDefinition, query: Record<string, string> = {}, texts?: Record<string, string>) {
  const definition = Array.isArray(sections) ? screenOf(sections) : sections;
  return renderWithProviders(<Screen definition={definition} query={query} />, texts);
}

/** A controllable IntersectionObserver for infinite scroll tests. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  elements: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) { FakeIntersectionObserver.instances.push(this); }
  observe(el: Element) { this.elements.push(el); }
  unobserve() {}
  disconnect() { this.elements = []; FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((o) => o !== this); }
  takeRecords() { return []; }
  static trigger() {
    for (const o of [...FakeIntersectionObserver.instances]) {
      o.callback(o.elements.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry), o as unknown as IntersectionObserver);
    }
  }
}

export function page<T>(data: T[], pageNo: number, limit: number, total: number) {
  return { data, page: pageNo, limit, total };
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}
