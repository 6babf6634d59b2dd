// A typed name drawn as a signature, in a script face bundled with the store (the same on every device, so the carrier
// sees what the applicant saw). Loaded by the signature widget only when the person chooses to type.
import '@fontsource/dancing-script/400.css';
import type SignaturePad from 'signature_pad';

const SCRIPT_FACE = "'Dancing Script'";

/**
 * Draws `name` across the pad in the script face, as large as fits (a short name as tall as most of the pad, a long
 * one on two lines rather than too small to read), and answers the picture; none for no name.
 */
export async function drawName(
  element: HTMLCanvasElement,
  signature: SignaturePad,
  name: string,
  { width, height }: { width: number; height: number },
): Promise<string | undefined> {
  signature.clear();
  if (!name) return undefined;
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
