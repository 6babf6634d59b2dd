import { render, screen } from '../testing/render';
import { describe, expect, it } from 'vitest';
import { Markdown } from './lazy-markdown';

describe('the markdown rjsf draws, loaded when first drawn', () => {
  it('draws the text as markdown once the renderer has loaded, with raw HTML left unparsed as rjsf asks', async () => {
    const { container } = render(<Markdown options={{ disableParsingRawHTML: true }}>{'Some **bold** words and <i>tags</i>'}</Markdown>);
    expect((await screen.findByText('bold')).tagName).toBe('STRONG');
    expect(container.querySelector('i')).toBeNull();
    expect(container.textContent).toContain('<i>tags</i>');
  });
});
