/**
 * Stands in for markdown-to-jsx (aliased in webpack.config.ts). @rjsf/core renders descriptions through
 * it only when `enableMarkdownInDescription` is set, which our forms never do: form texts are ICU
 * messages, shown as plain text. This keeps about 25 KB of parser out of the form runtime.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

export default Markdown;
