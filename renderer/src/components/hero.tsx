import type { ReactNode } from 'react';

/**
 * The landing's banner: the site's picture across the page (leading to the picture's link when it has one), and the
 * card with the title and the quote form over it. The picture is the page's largest paint: it is fetched first, and its
 * box is sized before it arrives.
 */
export function Hero({ image, imageLink, title, children }: { image?: string; imageLink?: string; title: string; children: ReactNode }) {
  const picture = image ? <img src={image} alt="" className="hero-image" width={1152} height={280} fetchPriority="high" /> : null;
  return (
    <section className="hero" aria-labelledby="hero-title">
      {picture && (
        <div className="hero-media">
          {imageLink ? (
            <a href={imageLink} tabIndex={-1} aria-hidden="true">
              {picture}
            </a>
          ) : (
            picture
          )}
        </div>
      )}
      <div className="hero-card">
        <h1 id="hero-title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
