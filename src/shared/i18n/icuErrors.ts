/**
 * The ICU parser's errors as sentences a translator can act on (the parser names only a code such as
 * `EXPECT_ARGUMENT_CLOSING_BRACE`), with the position and the text there.
 */
const SENTENCES: Record<string, string> = {
  EXPECT_ARGUMENT_CLOSING_BRACE: 'an argument opened with "{" is not closed with "}"',
  EMPTY_ARGUMENT: 'an argument "{}" has no name',
  MALFORMED_ARGUMENT: 'an argument name may only hold letters, digits and "_"',
  EXPECT_ARGUMENT_TYPE: 'a "," after an argument name must be followed by a type (number, date, time, plural, select, selectordinal)',
  INVALID_ARGUMENT_TYPE: 'unknown argument type: use number, date, time, plural, select or selectordinal',
  EXPECT_ARGUMENT_STYLE: 'a style is expected after the argument type\'s ","',
  INVALID_NUMBER_SKELETON: 'the number format after "::" is not valid',
  INVALID_DATE_TIME_SKELETON: 'the date format after "::" is not valid',
  EXPECT_NUMBER_SKELETON: 'a number format is expected after "::"',
  EXPECT_DATE_TIME_SKELETON: 'a date format is expected after "::"',
  UNCLOSED_QUOTE_IN_ARGUMENT_STYLE: 'a quote (\') in the argument style is not closed',
  EXPECT_SELECT_ARGUMENT_OPTIONS: 'a select needs its options, like {x, select, a {…} other {…}}',
  EXPECT_PLURAL_ARGUMENT_OFFSET_VALUE: '"offset:" must be followed by a number',
  INVALID_PLURAL_ARGUMENT_OFFSET_VALUE: 'the offset of a plural must be a whole number',
  EXPECT_SELECT_ARGUMENT_SELECTOR: 'a select option needs a name before its "{…}"',
  EXPECT_PLURAL_ARGUMENT_SELECTOR: 'a plural option needs a name (zero, one, two, few, many, other or =N) before its "{…}"',
  EXPECT_SELECT_ARGUMENT_SELECTOR_FRAGMENT: 'a select option name must be followed by its text in "{…}"',
  EXPECT_PLURAL_ARGUMENT_SELECTOR_FRAGMENT: 'a plural option name must be followed by its text in "{…}"',
  INVALID_PLURAL_ARGUMENT_SELECTOR: 'a plural option must be zero, one, two, few, many, other or =N',
  DUPLICATE_PLURAL_ARGUMENT_SELECTOR: 'a plural option appears twice',
  DUPLICATE_SELECT_ARGUMENT_SELECTOR: 'a select option appears twice',
  MISSING_OTHER_CLAUSE: 'a plural or select needs an "other {…}" option',
  INVALID_TAG: 'a tag is malformed (tags are <name>…</name>, without attributes)',
  INVALID_TAG_NAME: 'a tag name must start with a letter',
  UNMATCHED_CLOSING_TAG: 'a closing tag does not match the tag it closes',
  UNCLOSED_TAG: 'a tag is opened but never closed',
};

export interface IcuError { message: string; location?: { start?: { line: number; column: number; offset?: number } } }

/** `ICU syntax error at line 1, column 7 (near "{name"): an argument opened with "{" is not closed with "}"`. */
export function icuErrorSentence(err: IcuError, text: string): string {
  const start = err.location?.start;
  const near = start?.offset !== undefined ? text.slice(start.offset, start.offset + 12).split('\n')[0] : '';
  const at = start ? ` at line ${start.line}, column ${start.column}${near ? ` (near ${JSON.stringify(near)})` : ' (the end)'}` : '';
  return `ICU syntax error${at}: ${SENTENCES[err.message] ?? err.message}`;
}
