// A picture of what the person saw, for the enrollment's audit record: the spec's front end sends one after each step
// it saves and at checkout (`save-screenshot`), and ignores a failure. The picture is taken as the person submits (the
// page as they confirmed it), off the main path: its library loads only then, and the save never waits for it. It is
// sent only once the save has succeeded.
import { api } from './api';

/** The largest picture the server keeps (a PNG data URL of at most 2 MB): a taller page is drawn smaller. */
const MOST_PIXELS = 1_500_000;

/** The page's main content as a PNG data URL; null where it cannot be drawn (no such element, no canvas). */
export function capturePage(selector = '#main'): Promise<string | null> {
  if (typeof document === 'undefined') return Promise.resolve(null);
  const node = document.querySelector<HTMLElement>(selector);
  if (!node || node.offsetWidth === 0) return Promise.resolve(null);
  const area = node.offsetWidth * node.offsetHeight;
  const pixelRatio = Math.min(1, Math.sqrt(MOST_PIXELS / Math.max(area, 1)));
  return import('html-to-image')
    .then(({ toPng }) => toPng(node, { pixelRatio, skipFonts: true, backgroundColor: '#ffffff' }))
    .catch(() => null);
}

/** Sends `picture` under `name` (the step or page it shows) once it is drawn; a failure only goes to the console. */
export function sendScreenshot(enrollmentId: string, name: string, picture: Promise<string | null>): void {
  void picture
    .then((image) => (image ? api.post('/save-screenshot', { body: { enrollment_id: enrollmentId, name, image } }) : null))
    .catch((error: unknown) => console.warn('The screenshot was not kept:', error));
}
