/**
 * Finds patterns whose matching time can grow faster than the length of the text (catastrophic or
 * polynomial backtracking, "ReDoS"): scslre analyses the pattern as the `u`-flag RegExp ajv builds.
 * `^[^x]*[^\sx][^x]*$` is such a pattern: on a long text that fails at its end, every split of the two
 * stars is tried.
 */
import { RegExpParser } from '@eslint-community/regexpp';
import { analyse } from 'scslre';

/** Why `pattern` may backtrack super-linearly, or undefined when it cannot (or does not parse: ajv reports that). */
export function backtrackingProblem(pattern: string): string | undefined {
  let literal;
  try {
    literal = new RegExpParser({ ecmaVersion: 2024 }).parseLiteral(`/${pattern.replace(/\//g, '\\/')}/u`);
  } catch {
    return undefined;
  }
  const [report] = analyse(literal).reports;
  if (!report) return undefined;
  const kind = report.exponential ? 'exponential' : 'polynomial';
  return `${kind} backtracking: ${report.character.literal.source} can be matched by more than one part of the pattern, so a long text that does not match takes ${kind} time`;
}
