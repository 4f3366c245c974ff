import { Alert, alertClass } from './alert.tsx';
import { SignInAgain } from './sign-in-again.tsx';

/**
 * What a form's action answered: a note of what it did, or why it was refused (`sessionEnded` when
 * the session ended meanwhile: lib/api.ts's sessionEndedAnswer).
 */
export type ActionAnswer = { ok: string } | { error: string; sessionEnded?: boolean };

// Each answer's own number, so words the same as the last answer's are read again (a new key).
const answerKeys = new WeakMap<object, number>();
let lastKey = 0;
function keyOf(answer: object): number {
  if (!answerKeys.has(answer)) answerKeys.set(answer, ++lastKey);
  return answerKeys.get(answer)!;
}

/**
 * A form's answer, below it. A refusal is an alert, read at once as it appears (`errorShownByField`
 * leaves it to the field it is about). What was done goes into a status region that is on the page
 * before the answer comes: one added with its words already in it is not read by every screen
 * reader.
 */
export function ActionResult({
  answer,
  errorShownByField = false,
  className = 'mt-3',
}: {
  answer: ActionAnswer | undefined;
  errorShownByField?: boolean;
  className?: string;
}) {
  const done = answer && 'ok' in answer ? answer : null;
  const refused = answer && 'error' in answer && !errorShownByField ? answer : null;
  return (
    <>
      {refused && (
        <Alert className={className}>
          {refused.error}
          {refused.sessionEnded && <SignInAgain />}
        </Alert>
      )}
      <div role="status" className={done ? `${alertClass('success')} ${className}` : 'sr-only'}>
        {done && <span key={keyOf(done)}>{done.ok}</span>}
      </div>
    </>
  );
}
