/**
 * Runs an async loader for a page (its screen chunk and the runtime) with the SPEC 2/9 states:
 * nothing for the first 200 ms, then the page's skeleton; an error state on failure or after 60 s, reported
 * as `missing` | `error` | `timeout`, with a retry button and a way back. `frame` draws the page around
 * those states (ScreenPage: the nav bar and the tab bar), so a page that fails still leads somewhere.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { goBack } from '../platform/navigation';

export const ASYNC_PAGE_DELAY_MS = 200;
export const ASYNC_PAGE_TIMEOUT_MS = 60_000;

export type LoadErrorType = 'missing' | 'error' | 'timeout';

/** Maps a failure to its report type (webpack's ChunkLoadError carries `type`: missing | timeout | …). */
export function loadErrorType(err: unknown): LoadErrorType {
  const type = err && typeof err === 'object' && 'type' in err ? String((err as { type: unknown }).type) : '';
  if (type === 'missing' || type === 'timeout') return type;
  return 'error';
}

type State<T> =
  | { phase: 'waiting' }
  | { phase: 'loading' }
  | { phase: 'ready'; value: T }
  | { phase: 'failed'; type: LoadErrorType; error: unknown };

interface Props<T> {
  load: () => Promise<T>;
  children: (value: T) => ReactNode;
  delayMs?: number;
  timeoutMs?: number;
  onError?: (type: LoadErrorType, error: unknown) => void;
  /** Draws the page around the loading and failed states. */
  frame?: (content: ReactNode) => ReactNode;
}

const bare = (content: ReactNode) => content;

export function AsyncPage<T>({ load, children, delayMs = ASYNC_PAGE_DELAY_MS, timeoutMs = ASYNC_PAGE_TIMEOUT_MS, onError, frame = bare }: Props<T>) {
  const [attempt, setAttempt] = useState(0);
  // Each run of the loader (a retry, new timings) starts waiting: a state counts only for the run that set it.
  const run = `${attempt}/${delayMs}/${timeoutMs}`;
  const [latest, setLatest] = useState<{ run: string; state: State<T> } | null>(null);
  const state: State<T> = latest && latest.run === run ? latest.state : { phase: 'waiting' };

  useEffect(() => {
    let settled = false;
    const setState = (next: State<T>) => setLatest({ run, state: next });
    const fail = (type: LoadErrorType, error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(delay);
      clearTimeout(timeout);
      onError?.(type, error);
      setState({ phase: 'failed', type, error });
    };
    const delay = setTimeout(() => { if (!settled) setState({ phase: 'loading' }); }, delayMs);
    const timeout = setTimeout(() => fail('timeout', new Error('page load timed out')), timeoutMs);
    load().then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(delay);
        clearTimeout(timeout);
        setState({ phase: 'ready', value });
      },
      (err: unknown) => fail(loadErrorType(err), err),
    );
    return () => {
      settled = true;
      clearTimeout(delay);
      clearTimeout(timeout);
    };
    // `load` identity changes every render in callers; the attempt counter drives reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, delayMs, timeoutMs]);

  switch (state.phase) {
    case 'waiting': return null;
    case 'loading': return <>{frame(<PageLoading />)}</>;
    case 'failed': return <>{frame(<PageError type={state.type} onRetry={() => setAttempt((n) => n + 1)} />)}</>;
    default: return <>{children(state.value)}</>;
  }
}

/** The page's skeleton: a title and rows in grey, announced once as loading. */
function PageLoading() {
  const t = useT();
  return (
    <div className="skeleton page-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <span className="skeleton__block skeleton__block--title" aria-hidden="true" />
      {[0, 1, 2, 3, 4].map((i) => (
        <div className="skeleton__row" key={i} aria-hidden="true">
          <span className="skeleton__block skeleton__block--circle" />
          <span className="skeleton__lines"><span className="skeleton__block" /><span className="skeleton__block" /></span>
        </div>
      ))}
    </div>
  );
}

/** Why the page did not load, with a retry and a way back (the previous page, or home on a first page). */
function PageError({ type, onRetry }: { type: LoadErrorType; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="page-state" role="alert" data-error-type={type}>
      <p className="page-state__title">{t(`shell.load_error.${type}`)}</p>
      {type !== 'missing' && <p>{t('shell.load_error.offline_hint')}</p>}
      <div className="page-state__actions">
        <button type="button" className="btn btn--primary" onClick={onRetry}>{t('common.retry')}</button>
        <button type="button" className="btn" onClick={goBack}>{t('common.back')}</button>
      </div>
    </div>
  );
}
