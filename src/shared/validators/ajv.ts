/**
 * Registers the generic validator set on an ajv instance (client, server and the build-time compiler of
 * standalone validators): every format of `formats.ts` and the keywords
 * - `noSpecialChars: true` — the string must not contain any of SPECIAL_CHARS (` ~ ! # $ ^ & * ( ) = | { } : ; , [ ] < > / ?);
 * - `maxTextLength: n` — at most n characters (code points); fails with keyword `maxTextLength`, i.e. the
 *   "text too long" message; accepts `{ $data: ... }` like maxLength.
 * Both keywords generate inline code (no closures), so standalone code works. `$data: true` is the
 * caller's ajv option; nothing here changes it. Calling it twice on one instance is harmless.
 * Returns the instance, so it can be used as rjsf's `extenderFn`.
 *
 * `LINEAR_REGEXP_ENGINE` is the `code.regExp` option of every ajv that checks a request or a form: patterns
 * then match in time linear in the text (validators/linearRegExp.ts), on the server and, through the
 * precompiled validators' `require`, in the app.
 */
import type Ajv from 'ajv';
import { _, type KeywordCxt } from 'ajv';
import { usePattern } from 'ajv/dist/vocabularies/code';
import { useFunc } from 'ajv/dist/compile/util';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import { FORMAT_NAMES, formats } from './formats';
import { SPECIAL_CHARS_PATTERN } from './special';
import { linearRegExp } from './linearRegExp';

/** The name under which precompiled validators `require` the matcher (the app hands it in, see client/forms/formRuntime.ts). */
export const LINEAR_REGEXP_MODULE = 'shared/validators/linearRegExp';

export const LINEAR_REGEXP_ENGINE = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), {
  code: `require(${JSON.stringify(LINEAR_REGEXP_MODULE)}).linearRegExp`,
});

export const CUSTOM_KEYWORDS = ['noSpecialChars', 'maxTextLength'] as const;

export function registerAjv<T extends Ajv>(ajv: T): T {
  for (const name of FORMAT_NAMES) ajv.addFormat(name, formats[name]);

  if (!ajv.getKeyword('noSpecialChars')) {
    ajv.addKeyword({
      keyword: 'noSpecialChars',
      type: 'string',
      schemaType: 'boolean',
      error: { message: 'must not contain special characters' },
      code(cxt: KeywordCxt) {
        if (cxt.schema !== true) return;
        const rx = usePattern(cxt, SPECIAL_CHARS_PATTERN);
        cxt.fail(_`${rx}.test(${cxt.data})`);
      },
    });
  }

  if (!ajv.getKeyword('maxTextLength')) {
    ajv.addKeyword({
      keyword: 'maxTextLength',
      type: 'string',
      schemaType: 'number',
      $data: true,
      error: {
        message: ({ schemaCode }) => _`"must NOT have more than " + ${schemaCode} + " characters"`,
        params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
      },
      code(cxt: KeywordCxt) {
        const len = _`${useFunc(cxt.gen, ucs2length)}(${cxt.data})`;
        cxt.fail$data(_`${len} > ${cxt.schemaCode}`);
      },
    });
  }
  return ajv;
}
