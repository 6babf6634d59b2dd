import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadOpenedPage } from './app/router';
import { firstLanguage, loadCatalogue, SOURCE_LANGUAGE, type Chosen } from './lib/i18n';
import './styles.css';

preloadOpenedPage(window.location.pathname);

// The first page is drawn in the visitor's language: its catalogue (none for English) loads before anything is drawn,
// and a catalogue that cannot load leaves the page in English rather than blank.
const wanted = firstLanguage();
void loadCatalogue(wanted)
  .then(
    (messages): Chosen => ({ language: wanted, messages }),
    (): Chosen => ({ language: SOURCE_LANGUAGE, messages: {} }),
  )
  .then((chosen) => {
    document.documentElement.lang = chosen.language;
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <App language={chosen} />
      </StrictMode>,
    );
  });
