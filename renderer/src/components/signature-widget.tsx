// The electronic signature, as the applicant chooses to give it (the form's field the server names as `method_field`):
// drawn on a pad with mouse, pen or finger, or their typed name (`name_field`) drawn in a script face. Either way the
// value is the picture as a PNG data URL, which the server checks for ink and keeps.
//
// The pad's pixels follow its size on the screen: on a phone the 480-pixel pad is drawn narrower, and a pad whose
// pixels stayed 480 wide would put the ink a third to the left of the finger. Its pixels are its size on the screen
// times the screen's density, so the ink lands under the finger and stays sharp.
//
// The pad's own code (signature_pad) loads when the pad comes into view, or when the person chooses to type: the pad
// sits at the end of a long step, below the first screen on a phone and on a laptop, so the step opens without it.
// Until it is there the canvas says it is busy (`aria-busy`).
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import type SignaturePad from 'signature_pad';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../lib/i18n';
import { useFormData } from './form-data';
import { m } from './signature-widget.messages';

// What draws a typed name (and its script face) loads only when a person chooses to type.
const typingCode = () => import('./signature-typed');
const padCode = () => import('signature_pad').then((mod) => mod.default);

export function SignatureWidget({ id, value, onChange, disabled, readonly, rawErrors, options, registry }: WidgetProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const form = useFormData();
  // The server names the fields that say how the applicant signs (the signature's `ui:options`).
  const field = (key: string) => (typeof options[key] === 'string' ? (options[key] as string) : '');
  const typed = form[field('method_field')] === 'typed';
  const given = form[field('name_field')];
  const name = typeof given === 'string' ? given.trim() : '';
  const typedRef = useRef(typed);
  typedRef.current = typed;
  const t = useT();
  const [Pad, setPad] = useState<typeof SignaturePad | null>(null);
  // The way of signing by typing, as the form names it (the choice's title in the server's schema).
  const methods = (registry.rootSchema.properties?.[field('method_field')] as RJSFSchema | undefined)?.oneOf as RJSFSchema[] | undefined;
  const typing = methods?.find((c) => c.const === 'typed')?.title ?? t(m.typeMyName);

  // The pad's code is fetched once the pad shows on the screen, or typing is chosen (which draws on it).
  const mounted = useRef(true);
  const wanted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    const element = canvas.current;
    if (!element || Pad) return;
    const load = () => {
      if (wanted.current) return;
      wanted.current = true;
      void padCode().then((Loaded) => mounted.current && setPad(() => Loaded));
    };
    if (typed || typeof IntersectionObserver === 'undefined') return load();
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    });
    seen.observe(element);
    return () => seen.disconnect();
  }, [Pad, typed]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !Pad) return;
    const signature = new Pad(element, { backgroundColor: 'rgb(255,255,255)' });
    pad.current = signature;
    fitToScreen(element, signature);
    if (typeof value === 'string' && value.startsWith('data:image/png') && !typedRef.current) {
      void signature.fromDataURL(value, sized(element));
    }
    const ended = () => onChange(signature.isEmpty() ? undefined : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', ended);
    // A pad drawn again at another size (the phone turned, the window resized) keeps its strokes. Only a real change
    // of size redraws: the observer's first call (the size just fitted) must not wipe a signature being restored.
    let fitted = `${element.offsetWidth}x${element.offsetHeight}`;
    const resized = new ResizeObserver(() => {
      const size = `${element.offsetWidth}x${element.offsetHeight}`;
      if (typedRef.current || size === fitted) return;
      fitted = size;
      const strokes = signature.toData();
      fitToScreen(element, signature);
      signature.fromData(strokes);
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      signature.removeEventListener('endStroke', ended);
      signature.off();
    };
    // The pad is made once per form, when its code is there; later values come from the pad itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Pad]);

  useEffect(() => {
    if (disabled || readonly || typed) pad.current?.off();
    else pad.current?.on();
  }, [disabled, readonly, typed, Pad]);

  // Typing: the name is drawn on the pad as it is typed, and that picture is the signature. Switching between the two
  // ways starts again from a blank pad, so a drawing and a typed name are never mixed.
  const wasTyped = useRef(typed);
  useEffect(() => {
    const element = canvas.current;
    const signature = pad.current;
    if (!element || !signature) return;
    const switched = wasTyped.current !== typed;
    wasTyped.current = typed;
    if (!typed) {
      if (switched) {
        signature.clear();
        onChange(undefined);
      }
      return;
    }
    let current = true;
    const draw = async () => {
      const { drawName } = await typingCode();
      const picture = await drawName(element, signature, name, sized(element));
      if (current) onChange(picture);
    };
    void draw();
    return () => {
      current = false;
    };
    // onChange is rjsf's, new on every draw; the picture follows the way of signing, the name and the pad only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, name, Pad]);

  // A signature the step shows read-only (given by the applicant on their own device) is its picture, not a pad.
  if (readonly && typeof value === 'string' && value.startsWith('data:image/png')) {
    return (
      <div className="signature signature-held">
        <img id={id} src={value} alt={t(m.signatureGiven)} width={480} height={160} />
      </div>
    );
  }
  const help = `${id}-how`;
  return (
    <div className={typed ? 'signature signature-typed' : 'signature'}>
      <canvas
        ref={canvas}
        id={id}
        width={480}
        height={160}
        role="img"
        // Reachable by the keyboard like every field; what it does not take from the keyboard, its description says.
        tabIndex={0}
        aria-label={typed ? (name ? t(m.signatureTyped, { name }) : t(m.signatureTypedEmpty)) : t(m.signaturePad)}
        aria-describedby={help}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-busy={Pad ? undefined : true}
      />
      <p id={help} className="signature-hint">
        {typed ? t(m.typedHint) : t(m.keyboardHint, { option: typing })}
      </p>
      {!typed && (
        <button
          type="button"
          onClick={() => {
            pad.current?.clear();
            onChange(undefined);
          }}
          disabled={disabled || readonly}
        >
          {t(m.clear)}
        </button>
      )}
    </div>
  );
}

/** The pad's size on the screen, for drawing a kept picture at it. */
function sized(element: HTMLCanvasElement) {
  return { width: element.offsetWidth || element.width, height: element.offsetHeight || element.height };
}

/** Gives the pad as many pixels as it covers on the screen (times the screen's density), drawing in screen units. */
function fitToScreen(element: HTMLCanvasElement, signature: SignaturePad) {
  const { width, height } = sized(element);
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  element.width = Math.round(width * ratio);
  element.height = Math.round(height * ratio);
  element.getContext('2d')?.scale(ratio, ratio);
  signature.clear();
}
