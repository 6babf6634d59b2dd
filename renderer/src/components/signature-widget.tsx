// The electronic signature: a canvas the person draws on with mouse, pen or finger, and a Clear button. The value is
// the drawing as a PNG data URL, which the server checks and keeps.
import type { WidgetProps } from '@rjsf/utils';
import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';

export function SignatureWidget({ id, value, onChange, disabled, readonly, rawErrors }: WidgetProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)' });
    pad.current = signature;
    if (typeof value === 'string' && value.startsWith('data:image/png')) {
      void signature.fromDataURL(value);
    }
    const ended = () => onChange(signature.isEmpty() ? undefined : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', ended);
    return () => {
      signature.removeEventListener('endStroke', ended);
      signature.off();
    };
    // The pad is made once per form; later values come from the pad itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (disabled || readonly) pad.current?.off();
    else pad.current?.on();
  }, [disabled, readonly]);

  return (
    <div className="signature">
      <canvas
        ref={canvas}
        id={id}
        width={480}
        height={160}
        role="img"
        aria-label="Signature pad: sign with your mouse, pen or finger"
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      />
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
    </div>
  );
}
