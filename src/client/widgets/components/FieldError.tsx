/** The error under a hand-written field: react-hook-form carries a message reference (shared/validators/yup). */
import { parseMessageRef } from '../../../shared/validators/yup';
import { useT } from '../../i18n';

export function FieldError({ id, message }: { id: string; message?: string }) {
  const t = useT();
  if (!message) return null;
  const { key, values } = parseMessageRef(message);
  return <div className="f-error" id={id} role="alert">{t(key, values)}</div>;
}
