// The markdown renderer rjsf draws with, in a module of its own so that components/lazy-markdown.tsx can load it when
// first needed (and its chunk is named for what it is).
export { Markdown } from 'markdown-to-jsx/react';
