// rjsf draws markdown only where a uiSchema asks for it (ui:enableMarkdownInDescription, ui:enableMarkdownInHelp), in
// its own messages for a schema it cannot draw and in its file widget; none of the forms this product sends does. The
// markdown renderer is nearly a third of the form library's script, so it is loaded when a form first draws markdown
// instead of with every form: vite.config.ts resolves rjsf's import of markdown-to-jsx/react to this module (in the
// build only; tests and the dev server give rjsf the renderer itself).
import type { Markdown as MarkdownRenderer } from 'markdown-to-jsx/react';
import { lazy, Suspense, type ComponentProps } from 'react';

const Loaded = lazy(() => import('./markdown-renderer').then((m) => ({ default: m.Markdown })));

/** markdown-to-jsx's Markdown, loaded on first use; until then the text is shown as it is. */
export function Markdown(props: ComponentProps<typeof MarkdownRenderer>) {
  return (
    <Suspense fallback={props.children}>
      <Loaded {...props} />
    </Suspense>
  );
}
