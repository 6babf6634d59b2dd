// The electronic signature, as the applicant chooses to give it (the form's `signature_method`): drawn on a pad with
// mouse, pen or finger, or their typed name (`signature_name`) drawn in a script face. Either way the value is the
// picture as a PNG data URL, which the server checks for ink and keeps.
//
// The pad's pixels follow its size on the screen: on a phone the 480-pixel pad is drawn narrower, and a pad whose
// pixels stayed 480 wide would put the ink a third to the left of the finger. Its pixels are its size on the screen
// times the screen's density, so the ink lands under the finger and stays sharp.
import '@fontsource/dancing-script/400.css';
import type { WidgetProps } from '@rjsf/utils';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { useFormData } from './form-data';

/** The script face a typed name is drawn in (bundled: the same on every device, so the carrier sees what the applicant saw). */
const SCRIPT_FACE = "'Dancing Script'";

export function SignatureWidget({ id, value, onChange, disabled, readonly, rawErrors }: WidgetProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const form = useFormData();
  const typed = form.signature_method === 'typed';
  const name = typeof form.signature_name === 'string' ? form.signature_name.trim() : '';
  const typedRef = useRef(typed);
  typedRef.current = typed;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
    pad.current = signature;
    fitToScreen(element, signature);
    if (typeof value === 'string' && value.startsWith('data:image/png') && !typedRef.current) {
      void signature.fromDataURL(value, sized(element));
    }
    const ended = () => onChange(signature.isEmpty() ? undefined : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', ended);
    // A pad drawn again at another size (the phone turned, the window resized) keeps its strokes.
    const resized = new ResizeObserver(() => {
      if (typedRef.current) return;
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
    // The pad is made once per form; later values come from the pad itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (disabled || readonly || typed) pad.current?.off();
    else pad.current?.on();
  }, [disabled, readonly, typed]);

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
    void drawName(element, signature, name).then((picture) => {
      if (current) onChange(picture);
    });
    return () => {
      current = false;
    };
    // onChange is rjsf's, new on every draw; the picture follows the way of signing and the name only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, name]);

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
        aria-label={typed ? `Your signature: ${name || 'type your name above'}` : 'Signature pad: sign with your mouse, pen or finger'}
        aria-describedby={help}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      />
      <p id={help} className="signature-hint">
        {typed ? 'Your typed name, drawn as your signature.' : 'To sign with the keyboard instead, choose “Type my name” above.'}
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
          Clear
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

/**
 * Draws `name` across the pad in the script face, as large as fits (a short name as tall as most of the pad, a long
 * one on two lines rather than too small to read), and answers the picture; none for no name.
 */
async function drawName(element: HTMLCanvasElement, signature: SignaturePad, name: string): Promise<string | undefined> {
  signature.clear();
  if (!name) return undefined;
  const { width, height } = sized(element);
  // The face's letters are fetched once, the first time a name is drawn.
  await document.fonts.load(`${Math.round(height / 2)}px ${SCRIPT_FACE}`, name).catch(() => undefined);
  const context = element.getContext('2d');
  if (!context) return undefined;
  signature.clear();
  const room = width * 0.9;
  // The size at which `lines` fit the pad's width, at most `tallest`.
  const fit = (lines: string[], tallest: number) => {
    context.font = `${tallest}px ${SCRIPT_FACE}, cursive`;
    const widest = Math.max(...lines.map((line) => context.measureText(line).width));
    return widest > room ? (tallest * room) / widest : tallest;
  };
  let lines = [name];
  let size = fit(lines, height * 0.7);
  const middle = name.indexOf(' ', Math.floor(name.length / 2) - 1);
  const split = middle > 0 ? middle : name.lastIndexOf(' ');
  if (size < height * 0.3 && split > 0) {
    const two = [name.slice(0, split).trim(), name.slice(split).trim()];
    const twoSize = fit(two, height * 0.4);
    if (twoSize > size) [lines, size] = [two, twoSize];
  }
  context.font = `${size}px ${SCRIPT_FACE}, cursive`;
  context.fillStyle = '#000';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  lines.forEach((line, i) => context.fillText(line, width / 2, height / 2 + (i - (lines.length - 1) / 2) * size * 1.1, room));
  return element.toDataURL('image/png');
}
