import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, type Schema } from '../lib/api';
import { type MessageDescriptor, useT } from '../lib/i18n';
import { m } from './code-sign-in.messages';

/** What differs between the pages that sign in by code: the words around the two fields. */
export interface CodeSignInWords {
  intro: MessageDescriptor;
  /** Where the code went: `{to}`, `{minutes}`. */
  sent: MessageDescriptor;
  /** The button that spends the code. */
  submit: MessageDescriptor;
}

/**
 * Signing in by a code e-mailed to an address on file (a member's, a group administrator's): the address, then the
 * code it was sent; the server's refusals (an invalid address, a wrong code, too many tries) beside their field.
 */
export function CodeSignInForms({
  send,
  signIn,
  words,
}: {
  send: UseMutationResult<Schema<'CodeSent'>, Error, string>;
  signIn: UseMutationResult<unknown, Error, string>;
  words: CodeSignInWords;
}) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailId, codeId, emailError, codeError] = [useId(), useId(), useId(), useId()];
  const sendFailure = send.error instanceof ApiError ? send.error : null;
  const signInFailure = signIn.error instanceof ApiError ? signIn.error : null;
  const emailWords = sendFailure?.messageFor('email') ?? sendFailure?.message;
  const codeWords = signInFailure?.messageFor('code') ?? signInFailure?.message;
  return (
    <>
      <p>{t(words.intro)}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          send.mutate(email);
        }}
      >
        <label htmlFor={emailId}>{t(m.email)}</label>
        <input
          id={emailId}
          type="email"
          className="form-control"
          autoComplete="email"
          value={email}
          aria-invalid={emailWords ? true : undefined}
          aria-describedby={emailWords ? emailError : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {emailWords && (
          <p id={emailError} className="error" role="alert">
            {emailWords}
          </p>
        )}
        <div className="buttons">
          <button type="submit" className={send.data ? 'secondary' : 'primary'} disabled={send.isPending}>
            {send.data ? t(m.sendAgain) : t(m.send)}
          </button>
        </div>
      </form>
      {send.data && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            signIn.mutate(code);
          }}
        >
          <p role="status">{t(words.sent, { to: send.data.sent_to, minutes: send.data.minutes })}</p>
          <label htmlFor={codeId}>{t(m.code)}</label>
          <input
            id={codeId}
            className="form-control"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={codeWords ? true : undefined}
            aria-describedby={codeWords ? codeError : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          {codeWords && (
            <p id={codeError} className="error" role="alert">
              {codeWords}
            </p>
          )}
          <div className="buttons">
            <button type="submit" className="primary" disabled={signIn.isPending}>
              {t(words.submit)}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
